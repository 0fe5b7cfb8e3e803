import type Stripe from "stripe";
import { asc, eq, or, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import {
  checkouts,
  disputes,
  monthlyGiftPayments,
  monthlyGifts,
  orders,
  paymentsNeedingAttention,
  refunds,
  type Allocation,
  type Checkout,
  type Refund,
  type RefundStatus,
} from "~/db/schema";
import { writeAudit } from "~/features/accounts/audit.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { checkoutReference } from "../checkout/confirmation-email";
import type { RefundField } from "./refund-dialog";
import { recordPaymentAttention } from "../attention/attention.server";
import { stripeClient } from "../stripe/stripe-provider.server";
import { invoiceOfPayment, invoicePaymentOf } from "../stripe/subscriptions.server";

/**
 * Refunds and disputes (decision 0025). Staff refund a completed order or gift
 * from the dashboards; Stripe's own dashboard refunds and disputes arrive by webhook. Every refund
 * is a row of `refunds` keyed by the provider's refund id (and a staff form's one-time key); while
 * it counts (not failed or canceled) its allocation is in orders.refunded_amount, changed only in
 * the transaction that changes the row's status under its lock, so each event counts once in any
 * order. The tallies' triggers carry the amounts to the dashboards.
 */

export const REFUND_REASON_MAX = 500;
/** Statuses whose money has left (or is leaving) the district. */
const COUNTED: ReadonlySet<RefundStatus> = new Set(["requested", "pending", "requires_action", "succeeded"]);
const FINAL: ReadonlySet<RefundStatus> = new Set(["failed", "canceled"]);

export type RefundOutcome =
  { ok: true; status: number; message: string } | { ok: false; status: number; message: string };

let testStripe: Stripe | undefined;
/** For tests: the Stripe client refunds and webhook look-ups use (undefined: the configured one). */
export function setRefundStripeForTests(client: Stripe | undefined) {
  testStripe = client;
}
function stripeForRefunds(): Stripe {
  if (testStripe) return testStripe;
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured");
  return stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL);
}

type ProviderRefund = { id: string; status: RefundStatus };

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

function stripeStatus(status: string | null | undefined): RefundStatus {
  return status === "succeeded" ||
    status === "pending" ||
    status === "failed" ||
    status === "canceled" ||
    status === "requires_action"
    ? status
    : "pending";
}

const ORDER_COLUMNS = {
  refunded: ["refundedAmount", orders.refundedAmount],
  disputed: ["disputedAmount", orders.disputedAmount],
  lost: ["disputeLostAmount", orders.disputeLostAmount],
} as const;

async function addToOrders(tx: Transaction, column: keyof typeof ORDER_COLUMNS, allocation: Allocation, sign: 1 | -1) {
  const [key, target] = ORDER_COLUMNS[column];
  for (const [orderId, cents] of Object.entries(allocation)) {
    await tx
      .update(orders)
      .set({ [key]: sql`${target} + ${sign * cents}` })
      .where(eq(orders.id, orderId));
  }
}

/**
 * Moves a refund row to what the provider says, once: under the row's lock, the allocation is
 * added when it starts counting and taken off when it stops (failed, canceled: final). The payer
 * is emailed when the provider first confirms it. Returns the row after.
 */
async function applyRefundState(db: Database, refundId: string, next: ProviderRefund): Promise<Refund | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!row) return null;
    if (FINAL.has(row.status) || (row.status === next.status && row.providerRefundId === next.id)) return row;
    if (row.providerRefundId && row.providerRefundId !== next.id) {
      logger.error(
        { refundId, stored: row.providerRefundId, reported: next.id },
        "refund reported under another provider id; ignored",
      );
      return row;
    }
    const wasCounted = COUNTED.has(row.status);
    const nowCounted = COUNTED.has(next.status);
    if (wasCounted && !nowCounted) await addToOrders(tx, "refunded", row.allocation, -1);
    if (!wasCounted && nowCounted) await addToOrders(tx, "refunded", row.allocation, 1);
    const [updated] = await tx
      .update(refunds)
      .set({ providerRefundId: next.id, status: next.status, updatedAt: new Date() })
      .where(eq(refunds.id, refundId))
      .returning();
    if (row.status === "requested" && nowCounted) await emailPayer(tx, updated!);
    return updated!;
  });
}

async function emailPayer(tx: Transaction, refund: Refund) {
  const checkout = await tx.query.checkouts.findFirst({ where: eq(checkouts.id, refund.checkoutId) });
  if (!checkout) return;
  const rows = await tx.query.orders.findMany({
    where: eq(orders.checkoutId, checkout.id),
    orderBy: asc(orders.createdAt),
  });
  const reference = checkoutReference(checkout);
  const gift = checkout.kind === "donation";
  const refundedTotal = rows.reduce((sum, row) => sum + row.refundedAmount, 0);
  const whole = refundedTotal >= checkout.totalAmount;
  const items = rows.filter((row) => refund.allocation[row.id]).map((row) => row.itemName);
  const { html, text } = renderEmail({
    title: gift ? "Your gift was refunded" : "Your refund",
    intro: [
      `We refunded ${formatCents(refund.amount)} to the card you paid with. Banks usually show it within 5-10 business days.`,
      ...(gift
        ? [
            whole
              ? "The receipt we sent for this gift no longer serves as a receipt for tax purposes."
              : `The receipt we sent for this gift now stands for ${formatCents(checkout.totalAmount - refundedTotal)}.`,
          ]
        : []),
      ...(checkout.provider === "sandbox" ? ["This is a test: no payment was taken and no money moved."] : []),
    ],
    fields: [
      { label: "Refunded", value: formatCents(refund.amount) },
      ...(items.length > 0 ? [{ label: "For", value: items.join(", ") }] : []),
      { label: "Reference", value: reference },
    ],
  });
  await queueEmail(tx, {
    to: checkout.email,
    subject: `Refund for ${gift ? "your gift" : "order"} ${reference}`,
    html,
    text,
  });
}

/** Spreads `amount` over the orders' room left (in order), so no order goes over its total. */
export function allocate(amount: number, rooms: Array<{ id: string; room: number }>): Allocation {
  const allocation: Allocation = {};
  let left = amount;
  for (const { id, room } of rooms) {
    if (left <= 0) break;
    const take = Math.min(room, left);
    if (take > 0) allocation[id] = take;
    left -= take;
  }
  return allocation;
}

type Actor = { id: string | null; email: string };

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
      const [inserted] = await tx
        .insert(refunds)
        .values({
          requestKey: request.requestKey,
          checkoutId: found.id,
          orderId: order.id,
          amount: cents,
          status: "requested",
          source: "staff",
          reason: request.reason,
          actorEmail: actor.email,
          allocation: { [order.id]: cents },
        })
        .returning();
      await addToOrders(tx, "refunded", inserted!.allocation, 1);
      await writeAudit(tx, {
        actor,
        action: "payment.refund",
        target: { id: null, email: found.email },
        details: {
          refundId: inserted!.id,
          orderId: order.id,
          checkoutId: found.id,
          amount: cents,
          reason: request.reason,
          provider: found.provider,
        },
      });
      return { row: inserted!, checkout: found };
    }));
  } catch (error) {
    if (error instanceof RefundRefused) return { ok: false, status: 409, message: error.message };
    throw error;
  }
  return askProvider(db, row, checkout);
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

// Webhook events (decisions 0025, 0038). Each is acknowledged once handled; money of ours that matches nothing
// recorded goes to the payments-needing-attention list; a month not recorded yet is not acknowledged (retried).

export const REFUND_EVENTS = [
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "charge.refund.updated",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;

/** Stores a monthly gift's month's PaymentIntent and charge once known (kept when already there; decision 0038). */
export async function notePaymentIds(
  db: Database,
  invoiceId: string,
  paid: { paymentIntentId: string; chargeId: string | null },
): Promise<void> {
  await db
    .update(monthlyGiftPayments)
    .set({
      paymentIntentId: sql`coalesce(${monthlyGiftPayments.paymentIntentId}, ${paid.paymentIntentId})`,
      chargeId: sql`coalesce(${monthlyGiftPayments.chargeId}, ${paid.chargeId})`,
    })
    .where(eq(monthlyGiftPayments.invoiceId, invoiceId));
}

/** A month of a monthly gift whose invoice.paid has not been handled yet: its refund or dispute waits for it. */
export class MonthNotRecordedYet extends Error {}

/**
 * Our checkout behind a payment (decision 0038), whatever arrived first:
 * 1. a monthly gift's month, by the PaymentIntent or charge recorded with it;
 * 2. a one-time checkout, by the checkout id in the PaymentIntent's metadata (stripe-provider's payment_intent_data);
 * 3. a month recorded before its ids were known, by asking Stripe which invoice the PaymentIntent paid.
 * A month of one of our gifts that is not recorded yet throws MonthNotRecordedYet, so the event fails and
 * Stripe delivers it again after invoice.paid. Null when the money is none of ours.
 */
async function checkoutOfPayment(
  db: Database,
  stripe: Stripe,
  paymentIntent: string | null,
  chargeId: string | null,
): Promise<Checkout | null> {
  const byId = (id: string | null) =>
    id ? db.query.checkouts.findFirst({ where: eq(checkouts.id, id) }).then((row) => row ?? null) : null;
  const keys = [
    ...(paymentIntent ? [eq(monthlyGiftPayments.paymentIntentId, paymentIntent)] : []),
    ...(chargeId ? [eq(monthlyGiftPayments.chargeId, chargeId)] : []),
  ];
  if (keys.length > 0) {
    const [month] = await db
      .select({ checkoutId: monthlyGiftPayments.checkoutId })
      .from(monthlyGiftPayments)
      .where(or(...keys))
      .limit(1);
    if (month) return byId(month.checkoutId);
  }
  if (!paymentIntent) return null;
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  const checkoutId = intent.metadata?.checkout_id ?? "";
  if (/^[0-9a-f-]{36}$/i.test(checkoutId)) return byId(checkoutId);
  const invoice = await invoiceOfPayment(paymentIntent, stripe);
  if (!invoice) return null;
  const [month] = await db
    .select({ checkoutId: monthlyGiftPayments.checkoutId })
    .from(monthlyGiftPayments)
    .where(eq(monthlyGiftPayments.invoiceId, invoice.invoiceId));
  if (month?.checkoutId) {
    await notePaymentIds(db, invoice.invoiceId, {
      paymentIntentId: paymentIntent,
      chargeId: idOf(intent.latest_charge),
    });
    return byId(month.checkoutId);
  }
  const giftId = invoice.monthlyGiftId ?? "";
  if (/^[0-9a-f-]{36}$/i.test(giftId) && (await db.$count(monthlyGifts, eq(monthlyGifts.id, giftId))) > 0)
    throw new MonthNotRecordedYet(`invoice ${invoice.invoiceId} of monthly gift ${giftId} is not recorded yet`);
  return null;
}

/**
 * Money of ours that left without matching anything we recorded (decision 0038): never only logged, but put on
 * the payments-needing-attention list (staff are emailed), once per refund or dispute.
 */
async function unmatched(
  db: Database,
  reason: "unmatched_refund" | "unmatched_dispute",
  object: { id: string; amount: number; currency: string },
  paymentIntent: string | null,
  checkout: Checkout | null,
) {
  logger.warn({ id: object.id, paymentIntent, reason }, "a Stripe refund or dispute for no completed payment of ours");
  await recordPaymentAttention(db, {
    reason,
    provider: "stripe",
    sessionId: object.id,
    paymentId: paymentIntent,
    checkout,
    amount: object.amount,
    currency: object.currency,
    email: checkout?.email ?? null,
  });
}

/** Whether a payment is one staff were told went to no order (payments needing attention). */
async function onAttentionList(db: Database, paymentIntent: string | null): Promise<boolean> {
  if (!paymentIntent) return false;
  return (await db.$count(paymentsNeedingAttention, eq(paymentsNeedingAttention.providerPaymentId, paymentIntent))) > 0;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

async function intentOfCharge(stripe: Stripe, charge: string | null): Promise<string | null> {
  if (!charge) return null;
  return idOf((await stripe.charges.retrieve(charge)).payment_intent);
}

/** Records a refund Stripe reported (ours, matched by id or metadata, or one made in Stripe's dashboard). */
async function recordProviderRefund(db: Database, stripe: Stripe, refund: Stripe.Refund, known?: Checkout | null) {
  const next: ProviderRefund = { id: refund.id, status: stripeStatus(refund.status) };
  const byId = await db.query.refunds.findFirst({ where: eq(refunds.providerRefundId, refund.id) });
  if (byId) {
    logger.info(
      { refundId: byId.id, providerRefundId: refund.id, checkoutId: byId.checkoutId, status: next.status },
      "stripe refund event handled",
    );
    return applyRefundState(db, byId.id, next);
  }
  const ours = refund.metadata?.refund_id ?? "";
  if (/^[0-9a-f-]{36}$/i.test(ours)) {
    const row = await db.query.refunds.findFirst({ where: eq(refunds.id, ours) });
    if (row) {
      logger.info(
        { refundId: row.id, providerRefundId: refund.id, checkoutId: row.checkoutId, status: next.status },
        "stripe refund event handled",
      );
      return applyRefundState(db, row.id, next);
    }
  }
  const paymentIntent = idOf(refund.payment_intent) ?? (await intentOfCharge(stripe, idOf(refund.charge)));
  if (await onAttentionList(db, paymentIntent)) {
    // Money that went to the wrong checkout (paid after it closed, twice, another amount) was never that
    // checkout's orders' money: its refund is Stripe's answer to the attention row, not a refund of the orders.
    logger.warn(
      { refundId: refund.id, paymentIntent },
      "a Stripe refund of a payment on the attention list; not counted against any order",
    );
    return null;
  }
  const checkout = known ?? (await checkoutOfPayment(db, stripe, paymentIntent, idOf(refund.charge)));
  if (!checkout || checkout.status !== "completed") {
    await unmatched(db, "unmatched_refund", refund, paymentIntent, checkout);
    return null;
  }
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkout.id))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .for("update");
    const allocation = allocate(
      refund.amount,
      rows.map((row) => ({ id: row.id, room: row.totalAmount - row.refundedAmount })),
    );
    const [row] = await tx
      .insert(refunds)
      .values({
        providerRefundId: refund.id,
        checkoutId: checkout.id,
        amount: refund.amount,
        status: "requested",
        source: "provider",
        allocation,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await addToOrders(tx, "refunded", allocation, 1);
      await writeAudit(tx, {
        actor: { id: null, email: "stripe" },
        action: "payment.refund",
        target: { id: null, email: checkout.email },
        details: {
          refundId: row.id,
          providerRefundId: refund.id,
          checkoutId: checkout.id,
          amount: refund.amount,
          source: "provider",
        },
      });
    }
    return row ?? (await tx.query.refunds.findFirst({ where: eq(refunds.providerRefundId, refund.id) }))!;
  });
  logger.info(
    { refundId: inserted.id, providerRefundId: refund.id, checkoutId: checkout.id, status: next.status },
    "stripe refund event handled",
  );
  // Now as any other row: counted from "requested" to the reported status, the payer emailed once.
  return applyRefundState(db, inserted.id, next);
}

async function recordDispute(db: Database, stripe: Stripe, dispute: Stripe.Dispute) {
  if (await db.query.disputes.findFirst({ where: eq(disputes.id, dispute.id) })) return;
  const paymentIntent = idOf(dispute.payment_intent) ?? (await intentOfCharge(stripe, idOf(dispute.charge)));
  const checkout = await checkoutOfPayment(db, stripe, paymentIntent, idOf(dispute.charge));
  if (!checkout || checkout.status !== "completed" || (await onAttentionList(db, paymentIntent))) {
    // Not one of our completed payments (or one already on the attention list): staff must still answer it.
    await unmatched(db, "unmatched_dispute", dispute, paymentIntent, checkout);
    return;
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkout.id))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .for("update");
    const allocation = allocate(
      dispute.amount,
      rows.map((row) => ({ id: row.id, room: row.totalAmount - row.refundedAmount - row.disputedAmount })),
    );
    const [row] = await tx
      .insert(disputes)
      .values({
        id: dispute.id,
        checkoutId: checkout.id,
        amount: dispute.amount,
        reason: dispute.reason ?? null,
        status: dispute.status,
        allocation,
        fee: disputeFee(dispute),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return;
    await addToOrders(tx, "disputed", allocation, 1);
    const reference = checkoutReference(checkout);
    const { html, text } = renderEmail({
      title: "A payment is disputed",
      intro: [
        `The payer's bank disputed ${formatCents(dispute.amount)} of ${checkout.kind === "donation" ? "gift" : "order"} ${reference}. Stripe has taken the amount back until the dispute closes.`,
        "Answer it in Stripe's dashboard (Payments, Disputes) before its due date, with the order's details as evidence.",
      ],
      fields: [
        { label: "Payer", value: checkout.email },
        { label: "Amount", value: formatCents(dispute.amount) },
        { label: "Reason", value: dispute.reason ?? "" },
        { label: "Reference", value: reference },
      ],
    });
    await queueEmail(tx, { to: env().CONTACT_NOTIFY_EMAILS, subject: `Disputed payment ${reference}`, html, text });
  });
  logger.warn(
    { disputeId: dispute.id, checkoutId: checkout.id, amount: dispute.amount },
    "payment disputed; staff emailed",
  );
}

/** Stripe's dispute fees so far: the fees of the dispute's balance transactions (a reinstatement may return one). */
function disputeFee(dispute: Stripe.Dispute): number {
  return (dispute.balance_transactions ?? []).reduce(
    (sum, transaction) => sum + (typeof transaction === "object" && transaction ? (transaction.fee ?? 0) : 0),
    0,
  );
}

/**
 * charge.dispute.closed (decision 0038): won (or an inquiry closed without a chargeback, warning_closed), the
 * money stays the district's and comes off the orders' disputed cents; lost, it is gone: it stays off what the
 * district kept and is counted as lost, with Stripe's fee recorded. Once per dispute, in any order of events
 * (a closed event that comes first records the dispute before closing it). Staff are emailed either way.
 */
async function closeDispute(db: Database, stripe: Stripe, dispute: Stripe.Dispute) {
  await recordDispute(db, stripe, dispute);
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(disputes).where(eq(disputes.id, dispute.id)).for("update");
    if (!row || row.closedAt) return null;
    const lost = dispute.status === "lost";
    if (lost) await addToOrders(tx, "lost", row.allocation, 1);
    else await addToOrders(tx, "disputed", row.allocation, -1);
    const fee = disputeFee(dispute);
    const [updated] = await tx
      .update(disputes)
      .set({ status: dispute.status, fee, closedAt: new Date() })
      .where(eq(disputes.id, dispute.id))
      .returning();
    const checkout = (await tx.query.checkouts.findFirst({ where: eq(checkouts.id, row.checkoutId) }))!;
    const reference = checkoutReference(checkout);
    const what = checkout.kind === "donation" ? "gift" : "order";
    const { html, text } = renderEmail({
      title: lost ? "A dispute was lost" : "A dispute was won",
      intro: [
        lost
          ? `The payer's bank decided the dispute of ${formatCents(row.amount)} of ${what} ${reference} against the district: the money is gone${fee ? `, with Stripe's fee of ${formatCents(fee)}` : ""}. The dashboards count it as lost in disputes.`
          : `The dispute of ${formatCents(row.amount)} of ${what} ${reference} closed in the district's favour: the money stays. The dashboards count it as kept again.`,
      ],
      fields: [
        { label: "Payer", value: checkout.email },
        { label: "Amount", value: formatCents(row.amount) },
        { label: "Outcome", value: dispute.status },
        ...(fee ? [{ label: "Dispute fee", value: formatCents(fee) }] : []),
        { label: "Reference", value: reference },
      ],
    });
    await queueEmail(tx, {
      to: env().CONTACT_NOTIFY_EMAILS,
      subject: `Dispute ${lost ? "lost" : "won"}: ${reference}`,
      html,
      text,
    });
    return updated;
  });
  if (closed)
    logger.warn({ disputeId: dispute.id, status: dispute.status, fee: closed.fee }, "dispute closed; staff emailed");
}

/** Acts on one of REFUND_EVENTS (called by the webhook after its signature and duplicate checks). */
export async function handleRefundEvent(db: Database, event: Stripe.Event): Promise<void> {
  if (!testStripe && !env().STRIPE_SECRET_KEY) {
    // A signed event but no key to look its payment up with: nothing of ours can match it.
    logger.warn({ eventId: event.id, type: event.type }, "refund or dispute event without STRIPE_SECRET_KEY; ignored");
    return;
  }
  const stripe = stripeForRefunds();
  if (event.type === "charge.dispute.created") {
    await recordDispute(db, stripe, event.data.object as Stripe.Dispute);
    return;
  }
  if (event.type === "charge.dispute.closed") {
    await closeDispute(db, stripe, event.data.object as Stripe.Dispute);
    return;
  }
  if (event.type === "charge.refunded") {
    // Since API 2022-11-15 the charge no longer carries its refunds: list them, and record each by its id.
    const charge = event.data.object as Stripe.Charge;
    const paymentIntent = idOf(charge.payment_intent);
    const checkout = (await onAttentionList(db, paymentIntent))
      ? null
      : await checkoutOfPayment(db, stripe, paymentIntent, charge.id);
    for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) {
      await recordProviderRefund(db, stripe, refund, checkout);
    }
    return;
  }
  await recordProviderRefund(db, stripe, event.data.object as Stripe.Refund);
}
