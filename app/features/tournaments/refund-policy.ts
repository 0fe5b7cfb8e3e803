import { formatCents } from "~/core/format";
import { z } from "~/core/zod";
import { isIsoDate } from "~/features/events/dates";
import { monthDay } from "./window";

/**
 * A tournament's refund policy for drops (decision 0048): the whole fee until a day (null: the day registration
 * closes), then a set amount (null: nothing). Staff set it per tournament; a family's drop refunds what it allows,
 * never more than is left of what was paid.
 */
export type RefundPolicy = {
  /** Last day (YYYY-MM-DD, district time, inclusive) a drop refunds the whole fee; null: registration's closing day. */
  refundFullUntil: string | null;
  /** Cents a drop refunds after that day; null: nothing. */
  refundAfterCents: number | null;
};

export const DEFAULT_REFUND_POLICY: RefundPolicy = { refundFullUntil: null, refundAfterCents: null };

/** The last day of the full refund: the set day, or registration's closing day. */
export function fullRefundUntil(policy: RefundPolicy, closesOn: string): string {
  return policy.refundFullUntil ?? closesOn;
}

export type RefundQuote = {
  /** Cents the drop refunds now. */
  cents: number;
  /** Which part of the policy applies today. */
  rule: "full" | "after";
  /** The sentence the family reads before confirming. */
  sentence: string;
};

/**
 * What a drop refunds today (YYYY-MM-DD, district time): the whole of what is left until the full refund's last
 * day, then the set amount, capped at what is left. What is left is the fee paid less what was already refunded
 * and what the payer's bank disputed, never below zero.
 */
export function refundQuote(
  policy: RefundPolicy,
  entry: { today: string; closesOn: string; paid: number; refunded: number; disputed: number },
): RefundQuote {
  const left = Math.max(0, entry.paid - entry.refunded - entry.disputed);
  const until = fullRefundUntil(policy, entry.closesOn);
  const rule = entry.today <= until ? "full" : "after";
  const cents = rule === "full" ? left : Math.min(Math.max(0, policy.refundAfterCents ?? 0), left);
  return { cents, rule, sentence: quoteSentence(rule, cents, left, entry.paid, until) };
}

function quoteSentence(rule: "full" | "after", cents: number, left: number, paid: number, until: string): string {
  if (cents > 0) {
    if (rule === "full" && cents === paid) return `You will be refunded ${formatCents(cents)}, the whole fee.`;
    if (rule === "full") return `You will be refunded ${formatCents(cents)}, what is left of the fee.`;
    return `You will be refunded ${formatCents(cents)}: the full refund ended on ${monthDay(until)}.`;
  }
  if (paid === 0) return "Nothing will be refunded: this entry was free.";
  if (left === 0) return "Nothing will be refunded: the fee was already refunded.";
  return `Nothing will be refunded: the full refund ended on ${monthDay(until)}.`;
}

/**
 * The policy in plain words, as the entries page and the staff form show it. Given `today`, a full refund that has
 * ended says so, rather than naming a day that reads as still to come.
 */
export function describeRefundPolicy(policy: RefundPolicy, closesOn: string, today?: string): string {
  const until = fullRefundUntil(policy, closesOn);
  const after = policy.refundAfterCents ?? 0;
  if (today !== undefined && today > until)
    return after > 0
      ? `The full refund ended on ${monthDay(until)}; a drop now refunds ${formatCents(after)}.`
      : `The full refund ended on ${monthDay(until)}; a drop now refunds nothing.`;
  const first = `A drop by ${monthDay(until)} refunds the whole fee`;
  return after > 0
    ? `${first}; after that, ${formatCents(after)} is refunded.`
    : `${first}; after that, nothing is refunded.`;
}

/**
 * The staff form (fields refundFullUntil, a date or empty; refundAfter, dollars or empty). The amount is dollars
 * with at most two decimals; the date and the fee bound depend on the tournament (refundPolicyProblem).
 */
export const refundPolicySchema = z.object({
  refundFullUntil: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), "The full refund's last day must be a date."),
  refundAfter: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/^\$/, "") : null))
    .refine(
      (value) => value === null || /^\d{1,5}(\.\d{1,2})?$/.test(value),
      "The amount after that day must be in dollars, like 10 or 12.50.",
    )
    .transform((value) => (value === null ? null : Math.round(Number(value) * 100))),
});

export type RefundPolicyField = "refundFullUntil" | "refundAfter";

/** Why a policy cannot be saved for a tournament on `date` whose entry fee is `feeCents` (null: unknown), or null. */
export function refundPolicyProblem(
  policy: RefundPolicy,
  date: string,
  feeCents: number | null,
): { field: RefundPolicyField; message: string } | null {
  if (policy.refundFullUntil !== null && policy.refundFullUntil > date)
    return {
      field: "refundFullUntil",
      message: `The full refund must end by the tournament's day, ${monthDay(date)}.`,
    };
  if (policy.refundAfterCents !== null && feeCents !== null && policy.refundAfterCents > feeCents)
    return {
      field: "refundAfter",
      message: `The amount after that day can be at most the entry fee, ${formatCents(feeCents)}.`,
    };
  return null;
}

/** The form read and checked for one tournament: the policy, or the message at its field. */
export function parseRefundPolicyForm(
  form: FormData,
  tournament: { date: string; feeCents: number | null },
): { ok: true; value: RefundPolicy } | { ok: false; field: RefundPolicyField; message: string } {
  const parsed = refundPolicySchema.safeParse({
    refundFullUntil: String(form.get("refundFullUntil") ?? ""),
    refundAfter: String(form.get("refundAfter") ?? ""),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path[0] as RefundPolicyField, message: issue.message };
  }
  const value = { refundFullUntil: parsed.data.refundFullUntil, refundAfterCents: parsed.data.refundAfter };
  const problem = refundPolicyProblem(value, tournament.date, tournament.feeCents);
  return problem ? { ok: false, ...problem } : { ok: true, value };
}
