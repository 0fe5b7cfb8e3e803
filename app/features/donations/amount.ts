/**
 * The donation amount's rules, shared by the browser (keystrokes, preview)
 * and the server (the authoritative check). Money is integer cents.
 */

/** What the amount input may hold while typing: digits, at most one point, at most two decimals. */
const TYPING = /^\d*(?:\.\d{0,2})?$/;

/**
 * docs/product.md: the amount input accepts only digits and at most one decimal
 * point; other keystrokes are ignored. Returns the value to show after an
 * edit: the edit when it keeps to the rule, otherwise the previous value.
 */
export function acceptAmountEdit(previous: string, next: string): string {
  return TYPING.test(next) ? next : previous;
}

/**
 * What the field keeps of text typed before its rule was running (the page's scripts were still starting): each
 * character as if typed one by one, so "1a2.5.x3" keeps "12.53" and no accepted keystroke is lost (docs/product.md#donate).
 */
export function acceptTyped(text: string, start = ""): string {
  let value = start;
  for (const character of text) value = acceptAmountEdit(value, value + character);
  return value;
}

export type ParsedAmount =
  | { ok: true; cents: number }
  /** "decimals": more than two decimals (1.005), which is not a sum of money. */
  | { ok: false; reason: "decimals" };

/** Digits with an optional point and up to two decimals; "$" and thousands commas are forgiven (forms sent without JavaScript). */
const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * The amount in cents. docs/product.md: an empty or unparsable value counts as 0
 * ("12..5", "1e3", "abc" are 0, so they get the minimum's message).
 */
export function parseAmount(raw: string | null | undefined): ParsedAmount {
  const value = (raw ?? "")
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/,(?=\d{3}(?:\D|$))/g, "");
  const match = AMOUNT.exec(value);
  if (!match) return { ok: true, cents: 0 };
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (whole === "" && fraction === "") return { ok: true, cents: 0 };
  if (fraction.length > 2) return { ok: false, reason: "decimals" };
  // Past 13 digits Number loses cents; any such sum is far above every maximum anyway.
  if (whole.length > 13) return { ok: true, cents: Number.MAX_SAFE_INTEGER };
  return { ok: true, cents: Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0")) };
}

/** The amount as the input shows it: blank for 0 (docs/product.md), otherwise dollars without trailing zeros. */
export function amountInputValue(cents: number): string {
  if (!Number.isFinite(cents) || cents <= 0) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The card provider's fee: a percentage (in basis points: 290 is 2.9%) plus a fixed amount per charge. */
export type CardFee = { percentBasisPoints: number; fixedCents: number };

/**
 * "Cover the card fee": the total to charge so that, after the provider takes
 * its percentage of the total and its fixed amount, the district keeps the
 * whole gift. total = ceil((gift + fixed) / (1 - rate)), in integer
 * arithmetic so no cent is lost to floating point.
 */
export function coveredTotal(giftCents: number, fee: CardFee): number {
  const denominator = 10_000 - fee.percentBasisPoints;
  const numerator = (giftCents + fee.fixedCents) * 10_000;
  // Integer ceiling division: both are whole numbers far below 2^53.
  return Math.floor((numerator + denominator - 1) / denominator);
}

/** The amount "Cover the card fee" adds to a gift. */
export function feeToCover(giftCents: number, fee: CardFee): number {
  return coveredTotal(giftCents, fee) - giftCents;
}

/** What the provider keeps from a charge of `totalCents` (rounded to the cent, as providers do). */
export function providerFee(totalCents: number, fee: CardFee): number {
  return Math.round((totalCents * fee.percentBasisPoints) / 10_000) + fee.fixedCents;
}

/** The quick-pick amounts beside the input, in dollars. */
export const QUICK_AMOUNTS = [25, 50, 100, 250] as const;
