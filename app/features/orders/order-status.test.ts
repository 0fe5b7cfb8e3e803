import { describe, expect, it } from "vitest";
import { statusTone } from "./order-status";

describe("status styles (docs/product.md#4-states-and-transitions)", () => {
  it.each([
    ["completed", "success"],
    ["pending", "warning"],
    ["failed", "danger"],
    ["refunded", "muted"],
  ])("%s is %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});
