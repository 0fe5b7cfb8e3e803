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
