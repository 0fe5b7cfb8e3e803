import type Stripe from "stripe";
import { asc, eq, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { formatCents } from "~/core/format";
import { logger } from "~/core/logger.server";
import type { Database, Transaction } from "~/db/client.server";
import {
  checkouts,
  monthlyGiftPayments,
  orders,
  refunds,
  type Allocation,
  type Refund,
  type RefundStatus,
} from "~/db/schema";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { checkoutReference } from "../checkout/confirmation-email";
import { stripeClient } from "../stripe/stripe-provider.server";

/**
 * Refunds and disputes (decision 0025). Staff refund a completed order or gift
 * from the dashboards; Stripe's own dashboard refunds and disputes arrive by webhook. Every refund
 * is a row of `refunds` keyed by the provider's refund id (and a staff form's one-time key); while
 * it counts (not failed or canceled) its allocation is in orders.refunded_amount, changed only in
 * the transaction that changes the row's status under its lock, so each event counts once in any
 * order. The tallies' triggers carry the amounts to the dashboards.
 *
 * This file is what staff refunds (refunds.server.ts) and Stripe's refund and dispute events (reconcile.server.ts)
 * share: a refund row's state under its lock, the orders' counted cents, the payer's email, and Stripe's client.
 */

/** Statuses whose money has left (or is leaving) the district. */
const COUNTED: ReadonlySet<RefundStatus> = new Set(["requested", "pending", "requires_action", "succeeded"]);
export const FINAL: ReadonlySet<RefundStatus> = new Set(["failed", "canceled"]);

let testStripe: Stripe | undefined;
/** For tests: the Stripe client refunds and webhook look-ups use (undefined: the configured one). */
export function setRefundStripeForTests(client: Stripe | undefined) {
  testStripe = client;
}
export function stripeForRefunds(): Stripe {
  if (testStripe) return testStripe;
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured");
  return stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL);
}

/** Whether refunds have a Stripe client: the test's, or a configured key. */
export function refundStripeConfigured(): boolean {
  return testStripe !== undefined || Boolean(env().STRIPE_SECRET_KEY);
}

export type ProviderRefund = { id: string; status: RefundStatus };

export function stripeStatus(status: string | null | undefined): RefundStatus {
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

export async function addToOrders(
  tx: Transaction,
  column: keyof typeof ORDER_COLUMNS,
  allocation: Allocation,
  sign: 1 | -1,
) {
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
export async function applyRefundState(db: Database, refundId: string, next: ProviderRefund): Promise<Refund | null> {
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

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
