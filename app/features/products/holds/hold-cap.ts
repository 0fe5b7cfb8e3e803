/**
 * How much of a limited product one cart may hold (decision 0028): half of
 * what it could have, rounded up, and never more than that. "What it could
 * have" is the stock left plus what the cart's own open checkout holds, so the
 * cap never counts the cart against itself. One cart cannot take a limited item
 * off the shop for everyone: with 10 left it may hold 5, the next cart 3, and
 * the last unit is always one cart's to buy. Pure, so the cart's quantity checks
 * and the checkout's reservation call the same rule.
 */
export const HOLD_SHARE = 0.5;

/** The most one cart may hold of a product with `available` units for it (stock left + its own hold). */
export function holdCap(available: number): number {
  if (available <= 0) return 0;
  return Math.max(1, Math.ceil(available * HOLD_SHARE));
}

/** The refusal for wanting `wanted` units; null when within the cap (unlimited products are never capped). */
export function holdCapProblem(
  product: { name: string; unlimitedStock: boolean; stockCount: number | null },
  wanted: number,
): string | null {
  if (product.unlimitedStock || product.stockCount === null || product.stockCount <= 0) return null; // sold out has its own message
  const cap = holdCap(product.stockCount);
  return wanted > cap ? holdCapMessage(product.name, cap) : null;
}

/** The first product a cart's lines (registrations are a line each) hold more of than the cap allows, as a refusal. */
export function cartHoldProblem(
  lines: Array<{
    productId: string;
    name: string;
    unlimitedStock: boolean;
    stockCount: number | null;
    quantity: number;
  }>,
): string | null {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  for (const line of lines) {
    const problem = holdCapProblem(line, wanted.get(line.productId) ?? 0);
    if (problem) return problem;
  }
  return null;
}

export const holdCapMessage = (name: string, cap: number) =>
  `While stock is limited, one order can hold at most ${cap} of ${name}.`;
