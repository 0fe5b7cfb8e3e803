import { describe, expect, it } from "vitest";
import { chargeMinimumProblem, priceChargeNote } from "./charge-minimum";

describe("what Stripe cannot charge (decision 0025)", () => {
  it("refuses a $0 checkout on every provider and one under $0.50 on Stripe", () => {
    expect(chargeMinimumProblem(0, "sandbox")).toMatch(/^Free items cannot be checked out online/);
    expect(chargeMinimumProblem(0, "stripe")).toMatch(/^Free items cannot be checked out online/);
    expect(chargeMinimumProblem(49, "stripe")).toBe(
      "Card payments must be at least $0.50: your cart totals $0.49. Please add another item.",
    );
    expect(chargeMinimumProblem(50, "stripe")).toBeNull();
    expect(chargeMinimumProblem(49, "sandbox")).toBeNull();
  });
  it("notes a price under the minimum only when Stripe is configured, and a free one always", () => {
    expect(priceChargeNote(25, true)).toMatch(/^Under Stripe's \$0.50 minimum/);
    expect(priceChargeNote(25, false)).toBeNull();
    expect(priceChargeNote(50, true)).toBeNull();
    expect(priceChargeNote(0, false)).toMatch(/^Free/);
  });
});
