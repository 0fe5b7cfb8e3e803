import type Stripe from "stripe";
import { and, eq, isNull, lte, notInArray, or } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { checkouts, monthlyGifts, type MonthlyGift } from "~/db/schema";
import { env } from "~/core/env.server";
import { notePaymentIds } from "~/features/payments/refunds/ledger.server";
import { currentSubscription, invoicePaymentOf } from "~/features/payments/stripe/subscriptions.server";
import { activateGift, endGift, firstMonthPaid, giftById, recordRenewal, renewalFailed } from "./gifts.server";

/** Stripe's events a monthly gift acts on (the payments webhook verified and de-duplicated them first). */
export const MONTHLY_EVENTS = [
  "checkout.session.completed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : undefined;

type InvoiceLike = {
  id: string;
  billing_reason?: string | null;
  amount_paid?: number;
  amount_due?: number;
  currency?: string;
  attempt_count?: number;
  customer?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
  parent?: {
    subscription_details?: {
      subscription?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  status_transitions?: { paid_at?: number | null } | null;
  lines?: { data?: Array<{ period?: { end?: number } }> };
};

/** The gift an object of our subscription belongs to: by the gift id we put in its metadata, else by the subscription id. */
async function findGift(
  db: Database,
  giftId: string | null | undefined,
  subscriptionId: string | null,
): Promise<MonthlyGift | undefined> {
  const byId = await giftById(db, giftId);
  if (byId) return byId;
  if (!subscriptionId) return undefined;
  return db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.providerSubscriptionId, subscriptionId) });
}

/**
 * The monthly gifts' share of Stripe's webhook (handed to the payments webhook by its route). Every branch is
 * idempotent (keyed by invoice id, forward-only status changes), so any order and any number of deliveries end
 * in the same state.
 */
export async function handleMonthlyStripeEvent(db: Database, event: Stripe.Event): Promise<void> {
  if (!(MONTHLY_EVENTS as readonly string[]).includes(event.type)) return;
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === "checkout.session.completed") {
    const session = object as unknown as Stripe.Checkout.Session;
    if (session.mode !== "subscription") return;
    const gift = await findGift(db, session.metadata?.monthly_gift_id, idOf(session.subscription));
    if (!gift || !gift.firstCheckoutId) return;
    // The payments core handled the session first: only a first month it completed starts the gift.
    const checkout = await db.query.checkouts.findFirst({ where: eq(checkouts.id, gift.firstCheckoutId) });
    if (checkout?.status !== "completed") return;
    await activateGift(db, gift, {
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      paidAt: checkout.completedAt ?? new Date(),
    });
    return;
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = object as unknown as InvoiceLike;
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription ?? invoice.subscription);
    const gift = await findGift(
      db,
      details?.metadata?.monthly_gift_id ?? invoice.subscription_details?.metadata?.monthly_gift_id,
      subscriptionId,
    );
    if (!gift) {
      logger.warn({ eventId: event.id, invoiceId: invoice.id }, "invoice for no monthly gift of ours; ignored");
      return;
    }
    const periodEnd = fromUnix(invoice.lines?.data?.[0]?.period?.end);
    if (event.type === "invoice.payment_failed") {
      // The first month's card is settled on Stripe's page, while the donor waits; later months email the donor.
      if (invoice.billing_reason === "subscription_create") return;
      await renewalFailed(db, gift, {
        invoiceId: invoice.id,
        attempt: invoice.attempt_count ?? 1,
        amount: invoice.amount_due ?? 0,
      });
      return;
    }
    if ((invoice.currency ?? "usd").toLowerCase() !== "usd") {
      logger.error(
        { invoiceId: invoice.id, currency: invoice.currency },
        "monthly gift invoice in another currency; not recorded",
      );
      return;
    }
    const paidAt = fromUnix(invoice.status_transitions?.paid_at) ?? new Date(event.created * 1000);
    const amountPaid = invoice.amount_paid ?? 0;
    // The month's PaymentIntent and charge, so its refunds and disputes find it (decision 0038). Asked after the
    // month is recorded: a failed look-up is logged and never holds back the gift or its receipt (a refund or
    // dispute of the month finds it later by asking Stripe which invoice its PaymentIntent paid).
    const noteIds = async () => {
      if (amountPaid <= 0 || !env().STRIPE_SECRET_KEY) return;
      try {
        const paid = await invoicePaymentOf(invoice.id);
        if (paid) await notePaymentIds(db, invoice.id, paid);
      } catch (error) {
        logger.warn(
          { err: error, invoiceId: invoice.id },
          "a paid invoice's payment could not be read; kept for later",
        );
      }
    };
    if (invoice.billing_reason === "subscription_create") {
      await firstMonthPaid(db, gift, {
        invoiceId: invoice.id,
        subscriptionId,
        customerId: idOf(invoice.customer),
        amountPaid,
        currency: invoice.currency ?? "usd",
        paidAt,
        nextChargeAt: periodEnd,
      });
      await noteIds();
      return;
    }
    if (amountPaid <= 0) return; // a paused month's zero invoice is no gift
    if (gift.status === "pending") {
      // A renewal before its first month was seen: the first month is implied, so start the gift first.
      await activateGift(db, gift, { subscriptionId, customerId: idOf(invoice.customer), paidAt });
    }
    await recordRenewal(db, gift, { invoiceId: invoice.id, amountPaid, paidAt, nextChargeAt: periodEnd });
    await noteIds();
    return;
  }
  const subscription = object as unknown as Stripe.Subscription;
  const gift = await findGift(db, subscription.metadata?.monthly_gift_id, subscription.id);
  if (!gift) return;
  if (event.type === "customer.subscription.deleted" || subscription.status === "canceled") {
    await endGift(db, gift, "ended");
    return;
  }
  // customer.subscription.updated: the state Stripe holds (a pause or resume made at Stripe, a past-due card).
  // Events arrive in any order, so the payload may be stale: the subscription is read from Stripe as it is now,
  // and the event's own time orders concurrent deliveries (an older one never overwrites a newer state).
  if (gift.status === "canceled" || gift.status === "pending") return;
  const current = await currentSubscription(subscription.id);
  if (current.status === "canceled") {
    await endGift(db, gift, "ended");
    return;
  }
  const status = current.pause_collection
    ? "paused"
    : current.status === "past_due" || current.status === "unpaid"
      ? "past_due"
      : "active";
  const item = current.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const stateAt = new Date(event.created * 1000);
  await db
    .update(monthlyGifts)
    .set({
      status,
      nextChargeAt: fromUnix(item?.current_period_end) ?? gift.nextChargeAt,
      providerStateAt: stateAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(monthlyGifts.id, gift.id),
        notInArray(monthlyGifts.status, ["canceled", "pending"]),
        or(isNull(monthlyGifts.providerStateAt), lte(monthlyGifts.providerStateAt, stateAt)),
      ),
    );
}
