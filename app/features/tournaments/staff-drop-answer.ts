import { formatCents } from "~/core/format";

/**
 * What the roster shows before a staff drop (decision 0050): the entry, what the tournament's refund policy refunds
 * today, what is left of the fee, and why. Staff choose the policy's amount (the default), the whole remaining fee,
 * or nothing; the confirming POST carries the amounts shown, and the server drops only when they still hold.
 */
export type StaffDropAnswer = {
  orderId: string;
  student: string;
  event: string;
  policyCents: number;
  wholeCents: number;
  /** The policy today, in staff's words. */
  policy: string;
};

/** The policy's amount today, in a sentence for staff. */
export function staffPolicyLine(quote: { rule: "full" | "after"; cents: number; whole: number }): string {
  if (quote.whole === 0) return "Nothing is left of the fee to refund: not paid, free, or already refunded.";
  if (quote.rule === "full")
    return `The refund policy refunds the whole of what is left today: ${formatCents(quote.cents)}.`;
  return quote.cents > 0
    ? `The full refund has ended; the refund policy refunds ${formatCents(quote.cents)} today, of ${formatCents(quote.whole)} left.`
    : `The full refund has ended; the refund policy refunds nothing today (${formatCents(quote.whole)} is left of the fee).`;
}
