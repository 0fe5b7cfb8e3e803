import type Stripe from "stripe";
import { asc, eq, or } from "drizzle-orm";
import { env } from "~/core/env.server";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import {
  checkouts,
  disputes,
  monthlyGiftPayments,
  monthlyGifts,
  orders,
  paymentsNeedingAttention,
  refunds,
  type Checkout,
} from "~/db/schema";
import { writeAudit } from "~/features/accounts/audit.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { checkoutReference } from "../checkout/confirmation-email";
import { recordPaymentAttention } from "../attention/attention.server";
import { invoiceOfPayment } from "../stripe/subscriptions.server";
import {
  addToOrders,
  allocate,
  applyRefundState,
  idOf,
  notePaymentIds,
  refundStripeConfigured,
  stripeForRefunds,
  stripeStatus,
  type ProviderRefund,
} from "./ledger.server";

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
  if (!refundStripeConfigured()) {
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
