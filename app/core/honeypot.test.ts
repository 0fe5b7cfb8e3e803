import { describe, expect, it } from "vitest";
import { caughtByHoneypot, HONEYPOT_FIELD } from "./honeypot";

describe("caughtByHoneypot", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.set(name, value);
    return data;
  };
  it("lets a person through: the field absent or empty", () => {
    expect(caughtByHoneypot(form({ name: "Ada" }))).toBe(false);
    expect(caughtByHoneypot(form({ [HONEYPOT_FIELD]: "" }))).toBe(false);
  });
  it("catches a bot that filled it", () => {
    expect(caughtByHoneypot(form({ [HONEYPOT_FIELD]: "https://spam.example" }))).toBe(true);
  });
});
