import { describe, expect, it } from "vitest";
import {
  acceptAmountEdit,
  acceptTyped,
  amountInputValue,
  coveredTotal,
  feeToCover,
  parseAmount,
  providerFee,
} from "./amount";

describe("the amount input's keystroke rule (docs/product.md: digits and at most one decimal point)", () => {
  it.each([
    ["", "5", "5"],
    ["5", "50", "50"],
    ["50", "50.", "50."],
    ["50.", "50.2", "50.2"],
    ["50.2", "50.25", "50.25"],
    // A third decimal, a second point, letters, signs and exponents are ignored.
    ["50.25", "50.255", "50.25"],
    ["12.", "12..", "12."],
    ["12", "12a", "12"],
    ["1", "1e", "1"],
    ["", "-", ""],
    ["", "$", ""],
    ["1", "1,", "1"],
    ["", ".", "."],
    ["50", "", ""],
  ])("%j then %j shows %j", (previous, next, shown) => {
    expect(acceptAmountEdit(previous, next)).toBe(shown);
  });

  it("a pasted value is accepted only whole", () => {
    expect(acceptAmountEdit("", "1e3")).toBe("");
    expect(acceptAmountEdit("", "1000.5")).toBe("1000.5");
  });
});

describe("parsing the amount (empty or unparsable counts as 0)", () => {
  it.each([
    ["", 0],
    [undefined, 0],
    ["0", 0],
    ["0.5", 50],
    [".5", 50],
    ["1", 100],
    ["1.", 100],
    ["1.1", 110],
    ["12.34", 1234],
    ["12..5", 0],
    ["1e3", 0],
    ["abc", 0],
    ["-5", 0],
    ["$50", 5000],
    ["1,000", 100_000],
    [" 25 ", 2500],
  ])("%j is %j cents", (raw, cents) => {
    expect(parseAmount(raw)).toEqual({ ok: true, cents });
  });

  it("more than two decimals is not a sum of money", () => {
    expect(parseAmount("1.005")).toEqual({ ok: false, reason: "decimals" });
  });

  it("a huge value stays huge instead of wrapping or losing digits", () => {
    const parsed = parseAmount("99999999999999999999999");
    expect(parsed.ok && parsed.cents).toBeGreaterThan(1e12);
  });

  it("shows blank for 0", () => {
    expect(amountInputValue(0)).toBe("");
    expect(amountInputValue(5000)).toBe("50");
    expect(amountInputValue(5050)).toBe("50.50");
  });
});

describe("cover the card fee: total = ceil((gift + 30) / (1 - 0.029))", () => {
  const fee = { percentBasisPoints: 290, fixedCents: 30 };
  it.each([
    [100, 134, 34],
    [2500, 2606, 106],
    [5000, 5181, 181],
    [10_000, 10_330, 330],
    [25_000, 25_778, 778],
    [2_500_000, 2_574_697, 74_697],
  ])("a gift of %i cents charges %i (fee %i)", (gift, total, added) => {
    expect(coveredTotal(gift, fee)).toBe(total);
    expect(feeToCover(gift, fee)).toBe(added);
  });

  it("the district nets at least the gift, and one cent less would not", () => {
    for (let gift = 100; gift <= 200_000; gift += 137) {
      const total = coveredTotal(gift, fee);
      expect(total - providerFee(total, fee)).toBeGreaterThanOrEqual(gift);
      const oneLess = total - 1;
      // The exact (unrounded) fee on one cent less leaves less than the gift.
      expect(oneLess - (oneLess * 290) / 10_000 - 30).toBeLessThan(gift);
    }
  });

  it("no percentage and no fixed fee adds nothing", () => {
    expect(feeToCover(5000, { percentBasisPoints: 0, fixedCents: 0 })).toBe(0);
  });
});

describe("acceptTyped: text typed before the amount's rule ran (docs/product.md#donate)", () => {
  it.each([
    ["1a2.5.x3", "12.53"],
    ["12.53", "12.53"],
    ["$1,000", "1000"],
    ["abc", ""],
    ["1.234", "1.23"],
    ["", ""],
  ])("%s keeps %s", (typed, kept) => {
    expect(acceptTyped(typed)).toBe(kept);
  });
});
