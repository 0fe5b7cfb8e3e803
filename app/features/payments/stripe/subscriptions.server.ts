import type Stripe from "stripe";
import { env } from "~/core/env.server";
import { stripeClient } from "./stripe-provider.server";

/**
 * Changes to a monthly charge at Stripe (decision 0033). The sandbox keeps its subscriptions in our own
 * database, so these are only called in Stripe mode. Idempotency keys name the change, so a retried
 * request never changes a subscription twice.
 */
function stripe() {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured");
  return stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL);
}

/** The subscription as Stripe holds it now (an event's payload may be older than a later event's). */
export async function currentSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
  return stripe().subscriptions.retrieve(subscriptionId);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The money behind a paid invoice (decision 0038): its paid invoice_payment's PaymentIntent and that intent's
 * charge. Since API 2025-03-31 an invoice no longer carries them itself. Null when Stripe lists no paid payment.
 */
export async function invoicePaymentOf(
  invoiceId: string,
  client: Stripe = stripe(),
): Promise<{ paymentIntentId: string; chargeId: string | null } | null> {
  const list = await client.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 10 });
  const paid = list.data.find((row) => row.payment.type === "payment_intent" && row.payment.payment_intent);
  const paymentIntentId = idOf(paid?.payment.payment_intent);
  if (!paymentIntentId) return null;
  const intent = await client.paymentIntents.retrieve(paymentIntentId);
  return { paymentIntentId, chargeId: idOf(intent.latest_charge) };
}

/** The invoice a PaymentIntent paid, if it paid one (a monthly gift's month): its id and subscription metadata. */
export async function invoiceOfPayment(
  paymentIntentId: string,
  client: Stripe = stripe(),
): Promise<{ invoiceId: string; monthlyGiftId: string | null } | null> {
  const list = await client.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: paymentIntentId },
    limit: 10,
  });
  const invoiceId = idOf(list.data[0]?.invoice as string | { id: string } | undefined);
  if (!invoiceId) return null;
  const invoice = await client.invoices.retrieve(invoiceId);
  return {
    invoiceId,
    monthlyGiftId: invoice.parent?.subscription_details?.metadata?.monthly_gift_id ?? null,
  };
}

/** A new monthly amount from the next charge on: the subscription's one item gets a new inline price, no proration. */
export async function changeSubscriptionAmount(
  subscriptionId: string,
  amountCents: number,
  changeKey: string,
): Promise<void> {
  const client = stripe();
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error("The subscription has no item");
  const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  await client.subscriptions.update(
    subscriptionId,
    {
      items: [
        {
          id: item.id,
          price_data: { currency: "usd", product, unit_amount: amountCents, recurring: { interval: "month" } },
        },
      ],
      proration_behavior: "none",
    },
    { idempotencyKey: `subscription-amount-${changeKey}` },
  );
}

/** Pause (no invoice is collected while paused) or resume. */
export async function setSubscriptionPaused(subscriptionId: string, paused: boolean, changeKey: string): Promise<void> {
  await stripe().subscriptions.update(
    subscriptionId,
    { pause_collection: paused ? { behavior: "void" } : "" },
    { idempotencyKey: `subscription-pause-${changeKey}` },
  );
}

/** Ends the subscription now; Stripe answers customer.subscription.deleted. */
export async function cancelSubscription(subscriptionId: string): Promise<void> {
  await stripe().subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `subscription-cancel-${subscriptionId}` });
}

/** A billing portal session, where the donor changes the card; returns its one-time URL. */
export async function billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
  const session = await stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return session.url;
}
