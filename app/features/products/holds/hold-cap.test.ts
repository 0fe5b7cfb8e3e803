import { describe, expect, it } from "vitest";
import { cartHoldProblem, holdCap, holdCapProblem } from "./hold-cap";

describe("holdCap", () => {
  it("is half of what the cart could have, rounded up, at least one", () => {
    expect([0, 1, 2, 3, 10, 11, 100].map(holdCap)).toEqual([0, 1, 1, 2, 5, 6, 50]);
  });

  it("refuses more than the cap by name, and never caps unlimited products", () => {
    const hoodie = { name: "Limited Hoodie", unlimitedStock: false, stockCount: 10 };
    expect(holdCapProblem(hoodie, 5)).toBeNull();
    expect(holdCapProblem(hoodie, 6)).toBe("While stock is limited, one order can hold at most 5 of Limited Hoodie.");
    expect(holdCapProblem({ ...hoodie, stockCount: 1 }, 1)).toBeNull();
    expect(holdCapProblem({ ...hoodie, unlimitedStock: true, stockCount: null }, 99)).toBeNull();
    expect(holdCapProblem({ ...hoodie, stockCount: 0 }, 1)).toBeNull();
  });

  it("adds up a product's lines (each registration is its own line)", () => {
    const line = { productId: "p", name: "Judge Fee", unlimitedStock: false, stockCount: 4, quantity: 1 };
    expect(cartHoldProblem([line, line])).toBeNull();
    expect(cartHoldProblem([line, line, line])).toMatch(/at most 2 of Judge Fee/);
    expect(cartHoldProblem([line, { ...line, productId: "q" }, line])).toBeNull();
  });
});
