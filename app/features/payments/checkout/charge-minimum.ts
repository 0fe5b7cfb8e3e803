import { formatCents } from "~/core/format";

/**
 * Stripe charges at least $0.50 in US dollars (its amount_too_small); and a free checkout would be a
 * payment page asking for $0. Decision 0025: a checkout totalling less than that is refused before any
 * payment page, with a clear message, and Manage Products says which products it concerns.
 */
export const STRIPE_MINIMUM_CENTS = 50;

/** Why a checkout of `totalCents` cannot go to `provider`'s payment page, or null when it can. */
export function chargeMinimumProblem(totalCents: number, provider: "stripe" | "sandbox"): string | null {
  if (totalCents === 0) {
    return "Free items cannot be checked out online: your cart totals $0.00. Please contact us to sign up for them.";
  }
  if (provider === "stripe" && totalCents < STRIPE_MINIMUM_CENTS) {
    return `Card payments must be at least ${formatCents(STRIPE_MINIMUM_CENTS)}: your cart totals ${formatCents(totalCents)}. Please add another item.`;
  }
  return null;
}

/** Manage Products' note beside a price that cannot be charged on its own, or null. */
export function priceChargeNote(priceCents: number, stripe: boolean): string | null {
  if (priceCents === 0) return "Free: cannot be checked out on its own";
  if (stripe && priceCents < STRIPE_MINIMUM_CENTS) {
    return `Under Stripe's ${formatCents(STRIPE_MINIMUM_CENTS)} minimum: needs a cart of ${formatCents(STRIPE_MINIMUM_CENTS)} or more`;
  }
  return null;
}
