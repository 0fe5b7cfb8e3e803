import type Stripe from "stripe";
import { asc, eq } from "drizzle-orm";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import { checkouts, monthlyGiftPayments, orders, refunds, type Checkout, type Order, type Refund } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import type { RefundField } from "./refund-dialog";
import { invoicePaymentOf } from "../stripe/subscriptions.server";
import {
  addToOrders,
  applyRefundState,
  FINAL,
  idOf,
  notePaymentIds,
  stripeForRefunds,
  stripeStatus,
  type ProviderRefund,
} from "./ledger.server";

/**
 * Staff refunds (decision 0025): a completed order or gift refunded from the dashboards, and a refund whose
 * answer from Stripe was lost retried from there. Stripe's own refunds and disputes are reconcile.server.ts's;
 * the state both move a refund row through is ledger.server.ts's.
 */

export const REFUND_REASON_MAX = 500;

export type RefundOutcome =
  { ok: true; status: number; message: string } | { ok: false; status: number; message: string };

/** Stripe keeps an idempotency key's answer for 24 hours; after that the same key could make a second refund. */
export const REFUND_KEY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The PaymentIntent a checkout's money came in by: a monthly gift's month's (its invoice's, recorded with the
 * month, or asked of Stripe for a month recorded without it), else its Checkout Session's.
 */
async function paymentIntentOf(db: Database, stripe: Stripe, checkout: Checkout): Promise<string> {
  const [month] = await db
    .select()
    .from(monthlyGiftPayments)
    .where(eq(monthlyGiftPayments.checkoutId, checkout.id))
    .limit(1);
  if (month) {
    if (month.paymentIntentId) return month.paymentIntentId;
    const paid = await invoicePaymentOf(month.invoiceId, stripe);
    if (!paid) throw new RefundRefused("Stripe has no payment for this month's invoice.");
    await notePaymentIds(db, month.invoiceId, paid);
    return paid.paymentIntentId;
  }
  if (!checkout.providerSessionId) throw new RefundRefused("This checkout has no Stripe payment to refund.");
  const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId);
  // A monthly gift's first month whose invoice.paid has not been handled: its session has the invoice only.
  const invoice = session.mode === "subscription" ? idOf(session.invoice) : null;
  const paymentIntent = invoice
    ? ((await invoicePaymentOf(invoice, stripe))?.paymentIntentId ?? null)
    : idOf(session.payment_intent);
  if (!paymentIntent) throw new RefundRefused("Stripe has no payment for this checkout.");
  return paymentIntent;
}

/**
 * Asks the checkout's own provider for the refund: Stripe's Refunds API, or the sandbox locally. Inside
 * Stripe's 24 hours the row's own key is sent, so a retry after a lost answer returns Stripe's first
 * refund. Later the key may be forgotten: the payment's refunds are read first and one made for this row
 * (its metadata names it) is taken as the answer; only when there is none is the refund asked for again,
 * under a key of that day, so retries on the same day still share one key.
 */
async function refundAtProvider(
  db: Database,
  checkout: Checkout,
  refund: Refund,
  now = new Date(),
): Promise<ProviderRefund> {
  if (checkout.provider === "sandbox") return { id: `sbx_re_${refund.id}`, status: "succeeded" };
  const stripe = stripeForRefunds();
  const paymentIntent = await paymentIntentOf(db, stripe, checkout);
  const day = Math.floor((now.getTime() - refund.createdAt.getTime()) / REFUND_KEY_WINDOW_MS);
  if (day > 0) {
    for await (const made of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
      if (made.metadata?.refund_id === refund.id) return { id: made.id, status: stripeStatus(made.status) };
    }
  }
  const created = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: refund.amount,
      reason: "requested_by_customer",
      metadata: { checkout_id: checkout.id, order_id: refund.orderId ?? "", refund_id: refund.id },
    },
    { idempotencyKey: day > 0 ? `refund-${refund.id}-day-${day}` : `refund-${refund.id}` },
  );
  return { id: created.id, status: stripeStatus(created.status) };
}

class RefundRefused extends Error {}

/**
 * The form's fields to a refund request, or the message to show at its field. A typed amount always means
 * that amount; "The whole" with no amount refunds what is left. A form that says two things (the whole and
 * an amount) or nothing (no choice, no amount; "Part of it" with no amount) is refused, never guessed.
 */
export function parseRefundForm(
  read: (name: string) => string | null,
):
  | { ok: true; orderId: string; whole: boolean; cents: number | null; reason: string; requestKey: string }
  | { ok: false; message: string; field?: RefundField } {
  const orderId = (read("orderId") ?? "").trim();
  const requestKey = (read("requestKey") ?? "").trim();
  const reason = (read("reason") ?? "").trim();
  const scope = read("scope");
  const typed = (read("amount") ?? "").trim().replace(/^\$/, "");
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return { ok: false, message: "This order no longer exists." };
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(requestKey)) return { ok: false, message: "Please reload the page and try again." };
  if (scope !== null && scope !== "whole" && scope !== "part")
    return { ok: false, field: "scope", message: "Choose the whole amount or part of it." };
  let cents: number | null = null;
  if (typed === "") {
    if (scope === null) return { ok: false, field: "scope", message: "Choose the whole amount or part of it." };
    if (scope === "part")
      return { ok: false, field: "amount", message: "Please enter the amount to refund in dollars, like 12.50." };
  } else {
    if (scope === "whole")
      return {
        ok: false,
        field: "amount",
        message: "You chose the whole amount and typed an amount: clear the amount, or choose “Part of it”.",
      };
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed))
      return { ok: false, field: "amount", message: "Please enter the amount to refund in dollars, like 12.50." };
    cents = Math.round(Number(typed) * 100);
    if (cents < 1) return { ok: false, field: "amount", message: "The amount to refund must be more than $0." };
  }
  if (reason === "") return { ok: false, field: "reason", message: "Please give a reason for the refund." };
  if (reason.length > REFUND_REASON_MAX)
    return { ok: false, field: "reason", message: `The reason must be at most ${REFUND_REASON_MAX} characters.` };
  return { ok: true, orderId, whole: cents === null, cents, reason, requestKey };
}

/**
 * A staff refund of one completed order (or gift). The row is saved first, with the amount
 * already counted against the order under its lock (two staff cannot refund more than was paid
 * between them), then the provider is asked with the row's idempotency key; a definite refusal
 * takes it off again. A repeated submit of the same form finds its row and only asks again.
 */
export async function refundOrder(
  db: Database,
  actor: Actor,
  request: { orderId: string; cents: number | null; reason: string; requestKey: string },
): Promise<RefundOutcome> {
  let row: Refund;
  let checkout: Checkout;
  try {
    ({ row, checkout } = await db.transaction(async (tx) => {
      const existing = await tx.query.refunds.findFirst({ where: eq(refunds.requestKey, request.requestKey) });
      if (existing) {
        const found = await tx.query.checkouts.findFirst({ where: eq(checkouts.id, existing.checkoutId) });
        return { row: existing, checkout: found! };
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
      if (!order) throw new RefundRefused("This order no longer exists.");
      if (order.status !== "completed") throw new RefundRefused("Only a completed order can be refunded.");
      const found = order.checkoutId
        ? await tx.query.checkouts.findFirst({ where: eq(checkouts.id, order.checkoutId) })
        : undefined;
      if (!found) throw new RefundRefused("This order was not paid online: refund it by hand.");
      const left = order.totalAmount - order.refundedAmount - order.disputedAmount;
      const cents = request.cents ?? left;
      if (left <= 0) throw new RefundRefused("Nothing is left to refund on this order.");
      if (cents > left) throw new RefundRefused(`At most ${formatCents(left)} can be refunded on this order.`);
      const inserted = await saveOrderRefund(tx, actor, {
        order,
        checkout: found,
        cents,
        reason: request.reason,
        requestKey: request.requestKey,
      });
      // The same key saved by a transaction that committed meanwhile: that refund is this one.
      if (!inserted) {
        const saved = await tx.query.refunds.findFirst({ where: eq(refunds.requestKey, request.requestKey) });
        return { row: saved!, checkout: found };
      }
      return { row: inserted, checkout: found };
    }));
  } catch (error) {
    if (error instanceof RefundRefused) return { ok: false, status: 409, message: error.message };
    throw error;
  }
  return askProvider(db, row, checkout);
}

/**
 * Saves a refund of one order, in the caller's transaction, with the order's row locked by the caller: the row
 * (status requested) keyed by `requestKey`, its amount counted on the order at once, and the audit entry. The key's
 * unique constraint decides exactly once: a second save of the same key saves nothing and returns null. The
 * provider is asked afterwards, outside the transaction (retryRefund).
 */
export async function saveOrderRefund(
  tx: Transaction,
  actor: Actor,
  request: { order: Order; checkout: Checkout; cents: number; reason: string; requestKey: string },
): Promise<Refund | null> {
  const { order, checkout, cents } = request;
  const [inserted] = await tx
    .insert(refunds)
    .values({
      requestKey: request.requestKey,
      checkoutId: checkout.id,
      orderId: order.id,
      amount: cents,
      status: "requested",
      source: "staff",
      reason: request.reason,
      actorEmail: actor.email,
      allocation: { [order.id]: cents },
    })
    .onConflictDoNothing({ target: refunds.requestKey })
    .returning();
  if (!inserted) return null;
  await addToOrders(tx, "refunded", inserted.allocation, 1);
  await writeAudit(tx, {
    actor,
    action: "payment.refund",
    target: { id: null, email: checkout.email },
    details: {
      refundId: inserted.id,
      orderId: order.id,
      checkoutId: checkout.id,
      amount: cents,
      reason: request.reason,
      provider: checkout.provider,
    },
  });
  return inserted;
}

const REFUSED_MESSAGE = "Stripe refused this refund: nothing was refunded.";

/** What a refund row's status says to staff who pressed Refund (or Retry) for it. */
function outcomeOf(row: Refund): RefundOutcome {
  if (FINAL.has(row.status)) return { ok: false, status: 409, message: REFUSED_MESSAGE };
  return { ok: true, status: 200, message: `${formatCents(row.amount)} was refunded.` };
}

/**
 * Asks the provider for a saved refund row, unless it already has its answer (then says what that was: a
 * refused refund is never reported as refunded). A lost answer leaves the row "requested": pending, counted,
 * and retried from the dashboards (retryRefund) without ever refunding twice.
 */
async function askProvider(db: Database, row: Refund, checkout: Checkout): Promise<RefundOutcome> {
  if (row.status !== "requested") return outcomeOf(row);
  try {
    const answer = await refundAtProvider(db, checkout, row);
    const after = await applyRefundState(db, row.id, answer);
    logger.info(
      { refundId: row.id, checkoutId: checkout.id, amount: row.amount, status: after?.status },
      "refund made at the provider",
    );
    if (after && FINAL.has(after.status))
      return { ok: false, status: 502, message: "Stripe could not make this refund." };
    return outcomeOf(after ?? row);
  } catch (error) {
    const refused = error instanceof RefundRefused || (error as { type?: string }).type === "StripeInvalidRequestError";
    if (refused) {
      // Stripe said no for good (nothing left, no such payment): the amount stops counting.
      await applyRefundState(db, row.id, { id: row.providerRefundId ?? `refused_${row.id}`, status: "failed" });
      const message = error instanceof Error ? error.message : "Stripe refused this refund.";
      logger.warn({ refundId: row.id, checkoutId: checkout.id, message }, "refund refused by the provider");
      return { ok: false, status: 409, message };
    }
    // No answer: the row stays requested and counted; submitting the same form again asks with the same key.
    logger.error(
      { err: error, refundId: row.id, checkoutId: checkout.id },
      "refund call failed; the same form can be sent again",
    );
    return {
      ok: false,
      status: 502,
      message: "Stripe did not answer. The refund is saved as pending: retry it from “Refunds waiting for Stripe”.",
    };
  }
}

/** A pending refund (its answer from Stripe was lost) retried by an admin from the dashboards. */
export async function retryRefund(db: Database, refundId: string): Promise<RefundOutcome> {
  const row = await db.query.refunds.findFirst({ where: eq(refunds.id, refundId) });
  if (!row) return { ok: false, status: 404, message: "This refund no longer exists." };
  const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, row.checkoutId) });
  if (!checkout) return { ok: false, status: 404, message: "This refund's payment no longer exists." };
  return askProvider(db, row, checkout);
}

/** Refunds whose answer from the provider was lost: still "requested" (counted), for staff to retry. */
export async function pendingRefunds(db: Database) {
  return db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      createdAt: refunds.createdAt,
      actorEmail: refunds.actorEmail,
      email: checkouts.email,
    })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(eq(refunds.status, "requested"))
    .orderBy(asc(refunds.createdAt))
    .limit(50);
}
