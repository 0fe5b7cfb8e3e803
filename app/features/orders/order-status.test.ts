import { describe, expect, it } from "vitest";
import { statusTone } from "./order-status";

describe("status styles (SPEC.md section 4)", () => {
  it.each([
    ["completed", "success"],
    ["pending", "warning"],
    ["failed", "danger"],
    ["refunded", "muted"],
  ])("%s is %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});
