import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { env } from "~/core/env.server";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import { invalidatePublicPages } from "~/core/page-cache.server";
import { isUuid } from "~/core/uuid";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentKeyDate } from "~/db/tournament-key";
import { checkouts, orders, refunds, type Order, type Refund } from "~/db/schema";
import { tournamentSettings } from "~/db/schema/tournaments";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { formatLongDate } from "~/features/events/dates";
import { retryRefund, saveOrderRefund } from "~/features/payments/refunds/refunds.server";
import { refundQuote, type RefundQuote } from "~/features/tournaments/refund-policy";
import { refundPolicyOf } from "~/features/tournaments/refund-policy.server";
import {
  FAMILY_LINK_LABEL,
  familyLinkActor,
  recordEntryChange,
  staffBy,
} from "~/features/tournaments/entry-history.server";
import { registrationToday } from "~/features/tournaments/settings.server";
import { registrationWindow, windowRefusal } from "~/features/tournaments/window";

/**
 * Drops with the district's refund policy (decision 0048). A drop marks the entry dropped (its place is free at
 * once: places.server.ts counts no dropped entry), writes its history and audit entries, saves the refund the
 * tournament's policy allows and queues the emails, in one transaction under the entry's row lock; then, outside
 * it, the refund goes through the existing refund path (retryRefund: Stripe with the row's idempotency key).
 *
 * Exactly once: the first transaction to find the entry not dropped drops it; the refund row's key is
 * `drop-<order id>`, unique in refunds, so no second refund can be saved for the entry whatever runs twice (two
 * tabs, two instances). A refund whose answer is lost stays "requested" (counted) and is asked again with the same
 * key by the next press or by the retry sweep (refund-retry.server.ts), never doubled.
 */

/** Who drops: the family through its entries link, or a staff member. */
export type DropActor = { kind: "family" } | { kind: "staff"; staff: Actor };

/** Which entries the dropper may reach: the link's checkout, or one tournament's (staff). */
export type DropScope = { checkoutId: string } | { tournamentKey: string };

/**
 * What a drop refunds: the policy's amount today (a family's drop always), or, staff's choice on the roster, the
 * whole of what is left of the fee, or nothing.
 */
export type DropAmount = "policy" | "whole" | "none";
export const DROP_AMOUNTS: readonly DropAmount[] = ["policy", "whole", "none"];

/** The refund key of an entry's drop: one drop per entry, so one refund. */
export const dropRefundKey = (orderId: string) => `drop-${orderId}`;

export type DropQuote = RefundQuote & {
  /** What is left of the fee: paid, less refunded and disputed (the "whole" a staff drop may refund). */
  whole: number;
  orderId: string;
  student: string;
  event: string;
  tournament: string;
};

export type DropOutcome =
  | { ok: true; status: 200; message: string; refund: "none" | "made" | "pending" | "refused" }
  | { ok: false; status: number; message: string; quote?: DropQuote };

class DropRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly quote?: DropQuote,
    /** The entry was dropped before: a second press, another tab or instance. */
    readonly alreadyDropped = false,
  ) {
    super(message);
  }
}

function auditActor(actor: DropActor, order: Order): Actor {
  return actor.kind === "staff" ? actor.staff : familyLinkActor(order.customerEmail);
}

/**
 * The tournament entries the dropper reaches: a student's entry (never a Judge Fee or another product of the same
 * checkout, which carry the tournament too but no student), of the link's checkout or of staff's tournament.
 */
function scoped(scope: DropScope) {
  const reach =
    "checkoutId" in scope ? eq(orders.checkoutId, scope.checkoutId) : eq(orders.tournamentKey, scope.tournamentKey);
  return and(reach, isNotNull(orders.tournamentKey), isNotNull(orders.studentName));
}

/** The cents a drop refunds for `amount`: the policy's quote, all that is left, or nothing. */
export function dropCents(quote: Pick<DropQuote, "cents" | "whole">, amount: DropAmount): number {
  return amount === "policy" ? quote.cents : amount === "whole" ? quote.whole : 0;
}

function entryName(order: Order): string {
  return order.studentName ?? "The entry";
}

/**
 * The entry (locked when `tx` is a transaction that asks for it) and what dropping it would refund today; a family
 * may drop only a paid entry of an open tournament (after the close the page is read-only: decision 0047).
 */
async function quoteFor(
  tx: Transaction,
  actor: DropActor,
  scope: DropScope,
  orderId: string,
  today: string,
  lock: boolean,
): Promise<{ order: Order; quote: DropQuote }> {
  if (!isUuid(orderId)) throw new DropRefused(404, "This entry no longer exists.");
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), scoped(scope)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order?.tournamentKey) throw new DropRefused(404, "This entry no longer exists.");
  const date = tournamentKeyDate(order.tournamentKey);
  if (order.droppedAt) throw new DropRefused(409, `${entryName(order)} was already dropped.`, undefined, true);
  const [settings] = await tx.select().from(tournamentSettings).where(eq(tournamentSettings.key, order.tournamentKey));
  const window = registrationWindow(date, settings, today);
  if (actor.kind === "family") {
    if (order.status !== "completed") throw new DropRefused(409, "Only a paid entry can be dropped here.");
    if (window.state === "closed")
      throw new DropRefused(
        409,
        `${windowRefusal(order.tournamentName ?? "this tournament", window)} To drop now, write to ${env().CONTACT_EMAIL}.`,
      );
  }
  const paid = order.status === "completed" ? order.totalAmount : 0;
  const quote = refundQuote(refundPolicyOf(settings), {
    today,
    closesOn: window.closesOn,
    paid,
    refunded: order.refundedAmount,
    disputed: order.disputedAmount,
  });
  return {
    order,
    quote: {
      ...quote,
      whole: Math.max(0, paid - order.refundedAmount - order.disputedAmount),
      orderId: order.id,
      student: entryName(order),
      event: order.eventType ?? "",
      tournament: order.tournamentName ?? "",
    },
  };
}

/** What dropping this entry refunds today, for the confirm step; or why it cannot be dropped. */
export async function quoteDrop(
  db: Database,
  actor: DropActor,
  scope: DropScope,
  orderId: string,
  today = registrationToday(),
): Promise<{ ok: true; quote: DropQuote } | { ok: false; status: number; message: string }> {
  try {
    const { quote } = await db.transaction((tx) => quoteFor(tx, actor, scope, orderId, today, false));
    return { ok: true, quote };
  } catch (error) {
    if (error instanceof DropRefused) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/**
 * Drops an entry with the refund its tournament's policy allows today (or, for staff, the whole of what is left or
 * nothing: `amount`). `confirmedCents` is the refund the dropper was shown and confirmed: when the quote has changed
 * since (the day turned, the family or staff dropped or refunded meanwhile), nothing is dropped and the new quote is
 * returned to confirm again.
 */
export async function dropEntryWithPolicy(
  db: Database,
  actor: DropActor,
  scope: DropScope,
  input: { orderId: string; confirmedCents: number | null; reason?: string; amount?: DropAmount },
  today = registrationToday(),
): Promise<DropOutcome> {
  // Only staff choose; a family's drop refunds what the policy allows, whatever the browser sends.
  const chosen = actor.kind === "staff" ? (input.amount ?? "policy") : "policy";
  let saved: { order: Order; quote: DropQuote; refund: Refund | null };
  try {
    saved = await db.transaction(async (tx) => {
      const { order, quote } = await quoteFor(tx, actor, scope, input.orderId, today, true);
      const cents = dropCents(quote, chosen);
      if (input.confirmedCents !== null && input.confirmedCents !== cents)
        throw new DropRefused(409, "What a drop refunds has changed since you looked: please confirm again.", quote);
      return { order, quote, refund: await recordDrop(tx, actor, order, { ...quote, cents }, input.reason, chosen) };
    });
  } catch (error) {
    if (error instanceof DropRefused) {
      if (error.alreadyDropped) await askAgainIfPending(db, input.orderId);
      return { ok: false, status: error.status, message: error.message, quote: error.quote };
    }
    throw error;
  }
  // The place is free: /fees may no longer show the event full.
  invalidatePublicPages(["/fees"]);
  const name = saved.quote.student;
  if (!saved.refund) {
    return { ok: true, status: 200, refund: "none", message: `${name} was dropped; nothing was refunded.` };
  }
  const asked = await retryRefund(db, saved.refund.id);
  logger.info(
    { orderId: saved.order.id, refundId: saved.refund.id, refunded: asked.ok },
    "entry dropped with a refund",
  );
  const amount = formatCents(saved.refund.amount);
  const after = await db.query.refunds.findFirst({ where: eq(refunds.id, saved.refund.id) });
  if (after?.status === "requested")
    return {
      ok: true,
      status: 200,
      refund: "pending",
      message: `${name} was dropped. The refund of ${amount} is saved and will be made shortly; ${actor.kind === "staff" ? "the family" : "you"} will get an email.`,
    };
  if (asked.ok)
    return { ok: true, status: 200, refund: "made", message: `${name} was dropped and ${amount} was refunded.` };
  // Stripe said no for good (the row is failed, as for a staff refund): staff refund by hand; the drop stands.
  logger.warn({ orderId: saved.order.id, refundId: saved.refund.id }, "drop refund refused by the provider");
  const refused = renderEmail({
    title: "A drop's refund was refused",
    intro: [
      `Stripe refused the ${amount} refund of ${name}'s drop from ${saved.quote.event} at ${saved.quote.tournament}: nothing was refunded. Check the payment in Stripe and refund by hand if it is due.`,
    ],
    fields: [
      { label: "Family email", value: saved.order.customerEmail },
      { label: "Refund", value: amount },
    ],
  });
  await queueEmail(db, { to: env().CONTACT_NOTIFY_EMAILS, subject: `Drop refund refused: ${name}`, ...refused });
  return {
    ok: true,
    status: 200,
    refund: "refused",
    message: `${name} was dropped, but the refund of ${amount} could not be made. ${actor.kind === "staff" ? "Check the payment in Stripe and refund by hand if it is due." : "The district will contact you about it."}`,
  };
}

/** A second press on a dropped entry: its refund, if still waiting for Stripe's answer, is asked again (same key). */
async function askAgainIfPending(db: Database, orderId: string): Promise<void> {
  if (!isUuid(orderId)) return;
  const row = await db.query.refunds.findFirst({ where: eq(refunds.requestKey, dropRefundKey(orderId)) });
  if (row?.status === "requested") await retryRefund(db, row.id);
}

/** In the drop's transaction: dropped, history, audit, the refund row, and the emails (saved first, sent later). */
async function recordDrop(
  tx: Transaction,
  actor: DropActor,
  order: Order,
  quote: DropQuote,
  reason: string | undefined,
  amount: DropAmount,
): Promise<Refund | null> {
  const who = auditActor(actor, order);
  const [dropped] = await tx
    .update(orders)
    .set({ droppedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.droppedAt)))
    .returning({ id: orders.id });
  if (!dropped) throw new DropRefused(409, `${quote.student} was already dropped.`);
  const checkout = order.checkoutId
    ? await tx.query.checkouts.findFirst({ where: eq(checkouts.id, order.checkoutId) })
    : undefined;
  const cents = checkout ? quote.cents : 0;
  const refund =
    cents > 0
      ? await saveOrderRefund(tx, who, {
          order,
          checkout: checkout!,
          cents,
          reason: reason ?? (actor.kind === "family" ? "Dropped by the family" : "Dropped from the tournament"),
          requestKey: dropRefundKey(order.id),
        })
      : null;
  const refundWords = cents > 0 ? `${formatCents(cents)} refunded` : "nothing refunded";
  await recordEntryChange(tx, {
    orderId: order.id,
    tournamentKey: order.tournamentKey!,
    by: actor.kind === "staff" ? staffBy(actor.staff) : { kind: "family", label: FAMILY_LINK_LABEL },
    kind: "drop",
    change: { refundCents: cents, rule: quote.rule, amount },
    summary: `Dropped from ${quote.event}${actor.kind === "staff" ? " by staff" : ""}; ${refundWords}.`,
  });
  await writeAudit(tx, {
    actor: who,
    action: "tournament.drop",
    target: { id: null, email: order.customerEmail },
    details: {
      orderId: order.id,
      key: order.tournamentKey,
      student: order.studentName,
      event: order.eventType,
      by: actor.kind,
      amount,
      refundCents: cents,
      refundId: refund?.id ?? null,
    },
  });
  await emailDrop(tx, order, quote, cents);
  return refund;
}

/** The family's and the staff inbox's emails about a drop, queued in its transaction. */
async function emailDrop(tx: Transaction, order: Order, quote: DropQuote, cents: number): Promise<void> {
  const when = order.tournamentDate ? ` (${formatLongDate(order.tournamentDate)})` : "";
  const refundLine =
    cents > 0
      ? `${formatCents(cents)} will be refunded to the card you paid with; a separate email confirms it.`
      : quote.sentence.startsWith("Nothing")
        ? quote.sentence.replace(/^Nothing will be refunded/, "Nothing is refunded")
        : "Nothing is refunded.";
  const fields = [
    { label: "Student", value: quote.student },
    { label: "Event", value: quote.event },
    { label: "Tournament", value: `${quote.tournament}${when}` },
    { label: "Refund", value: cents > 0 ? formatCents(cents) : "None" },
  ];
  const family = renderEmail({
    title: "Your entry was dropped",
    intro: [`${quote.student} is no longer entered in ${quote.event} at ${quote.tournament}.`, refundLine],
    fields,
    footer: `Not you, or a mistake? Write to ${env().CONTACT_EMAIL}.`,
  });
  await queueEmail(tx, {
    to: order.customerEmail,
    subject: `Entry dropped: ${quote.student}, ${quote.event}`,
    ...family,
    replyTo: env().CONTACT_EMAIL,
  });
  const staff = renderEmail({
    title: "An entry was dropped",
    intro: [`${quote.student} was dropped from ${quote.event} at ${quote.tournament}; the place is free.`],
    fields: [...fields, { label: "Family email", value: order.customerEmail }],
  });
  await queueEmail(tx, {
    to: env().CONTACT_NOTIFY_EMAILS,
    subject: `Drop: ${quote.student}, ${quote.event}, ${quote.tournament}`,
    ...staff,
  });
}
