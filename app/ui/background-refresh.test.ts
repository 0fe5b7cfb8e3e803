import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { inBackground, rootShouldRevalidate } from "./background-refresh";

function args(
  current: string,
  next: string,
  extra: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  const base = "http://localhost";
  return {
    currentUrl: new URL(current, base),
    nextUrl: new URL(next, base),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  };
}

describe("rootShouldRevalidate", () => {
  it("follows React Router's default outside a background refresh", () => {
    expect(rootShouldRevalidate(args("/fees", "/fees"))).toBe(true);
    expect(rootShouldRevalidate(args("/fees", "/about", { defaultShouldRevalidate: false }))).toBe(false);
  });

  it("skips the root loader (and its toast cookie) while the same page refreshes in the background", async () => {
    let during: boolean | undefined;
    await inBackground(async () => {
      during = rootShouldRevalidate(args("/fees#your-cart", "/fees#your-cart"));
    });
    expect(during).toBe(false);
    expect(rootShouldRevalidate(args("/fees", "/fees"))).toBe(true);
  });

  it("still reloads the root for a form or a move to another page during a background refresh", async () => {
    const seen: boolean[] = [];
    await inBackground(async () => {
      seen.push(rootShouldRevalidate(args("/fees", "/fees", { formMethod: "POST" })));
      seen.push(rootShouldRevalidate(args("/fees", "/fees?register=1")));
    });
    expect(seen).toEqual([true, true]);
  });

  it("ends the background state when the refresh fails", async () => {
    await expect(inBackground(() => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(rootShouldRevalidate(args("/fees", "/fees"))).toBe(true);
  });
});
