import { describe, expect, it } from "vitest";
import { stockDisplay } from "./stock";

describe("stockDisplay (docs/product.md#9-constants-and-limits)", () => {
  it.each([
    [{ unlimitedStock: true, stockCount: null }, "unlimited", "Unlimited Stock Available"],
    [{ unlimitedStock: false, stockCount: 24 }, "plain", "24 in stock"],
    [{ unlimitedStock: false, stockCount: 6 }, "plain", "6 in stock"],
    [{ unlimitedStock: false, stockCount: 5 }, "low", "Only 5 left"],
    [{ unlimitedStock: false, stockCount: 1 }, "low", "Only 1 left"],
    [{ unlimitedStock: false, stockCount: 0 }, "out", "Out of stock"],
  ])("%o shows %s: %s", (product, kind, label) => {
    expect(stockDisplay(product)).toEqual({ kind, label });
  });
});
