/** docs/product.md#9-constants-and-limits: at or below this many left, the shop warns. */
export const STOCK_WARNING_THRESHOLD = 5;

export type StockDisplay =
  | { kind: "unlimited"; label: "Unlimited Stock Available" }
  | { kind: "plain"; label: string }
  | { kind: "low"; label: string }
  | { kind: "out"; label: "Out of stock" };

/**
 * The stock display of docs/product.md#9-constants-and-limits: more than 5 plain, 1-5 a warning, 0 out
 * of stock (the add button disabled), unlimited its own line.
 */
export function stockDisplay(product: { unlimitedStock: boolean; stockCount: number | null }): StockDisplay {
  if (product.unlimitedStock || product.stockCount === null) {
    return { kind: "unlimited", label: "Unlimited Stock Available" };
  }
  const left = product.stockCount;
  if (left <= 0) return { kind: "out", label: "Out of stock" };
  if (left <= STOCK_WARNING_THRESHOLD) return { kind: "low", label: `Only ${left} left` };
  return { kind: "plain", label: `${left} in stock` };
}
