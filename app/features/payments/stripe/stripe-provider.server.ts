import Stripe from "stripe";
import { cachedSessionState, forgetSessionState } from "./session-state-cache.server";
import type { CreateSessionInput, PaymentProvider, ProviderSession, ProviderSessionState } from "../provider";

/** How Stripe's client is asked: its timeout per try and its retries, at Stripe and at STRIPE_API_URL's stand-in. */
const CALLS = { stripe: { timeout: 20_000, maxNetworkRetries: 2 }, standIn: { timeout: 10_000, maxNetworkRetries: 0 } };

/** The longest one call to Stripe can take: every try to its timeout, and the client's back-off between them. */
export function stripeWorstCallMs(apiUrl?: string): number {
  const { timeout, maxNetworkRetries } = apiUrl ? CALLS.standIn : CALLS.stripe;
  return (maxNetworkRetries + 1) * timeout + maxNetworkRetries * 2500;
}

/** Stripe's client, pointed at STRIPE_API_URL when set (tests' local stand-in of Stripe's API). */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, CALLS.stripe);
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
    ...CALLS.standIn,
  });
}

/** A Checkout Session as our fulfilment reads it. */
export function sessionState(session: Stripe.Checkout.Session): ProviderSessionState {
  return {
    id: session.id,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paymentStatus:
      session.payment_status === "paid"
        ? "paid"
        : session.payment_status === "no_payment_required"
          ? "no_payment_required"
          : "unpaid",
    amountTotal: session.amount_total,
    currency: session.currency,
    checkoutId: session.client_reference_id ?? session.metadata?.checkout_id ?? null,
    paymentId:
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
    email: session.customer_details?.email ?? session.customer_email ?? null,
  };
}

/**
 * Stripe Checkout in payment mode: prices come from our line items (the
 * server computed them), the checkout id rides along as client_reference_id
 * and metadata, and the idempotency key makes a retried create return the
 * same session instead of a second one.
 */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async createSession(input: CreateSessionInput): Promise<ProviderSession> {
      const metadata = { checkout_id: input.checkoutId, kind: input.kind };
      const lineItems = input.lineItems.map((item) => ({
        quantity: item.quantity,
        price_data: {
          currency: "usd",
          unit_amount: item.unitAmount,
          product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
          // A monthly gift: Checkout in subscription mode takes the recurring interval inline (decision 0033).
          ...(input.recurring ? { recurring: { interval: "month" as const } } : {}),
        },
      }));
      const common = {
        customer_email: input.email,
        client_reference_id: input.checkoutId,
        line_items: lineItems,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      };
      const session = await stripe.checkout.sessions.create(
        input.recurring
          ? {
              ...common,
              mode: "subscription",
              // Subscription mode refuses submit_type and payment_intent_data; our ids ride on the subscription.
              metadata: { ...metadata, ...input.recurring.metadata },
              subscription_data: { metadata: { ...metadata, ...input.recurring.metadata } },
            }
          : {
              ...common,
              mode: "payment",
              // Cards (and the wallets that pay by card) only: settled while the buyer waits (decision 0024).
              allowed_payment_method_types: ["card"],
              ...(input.kind === "donation" ? { submit_type: "donate" as const } : {}),
              metadata,
              payment_intent_data: { metadata },
            },
        { idempotencyKey: `checkout-${input.checkoutId}` },
      );
      if (!session.url) throw new Error("No checkout URL received");
      return { id: session.id, url: session.url };
    },
    async retrieveSession(sessionId: string): Promise<ProviderSessionState> {
      return cachedSessionState(sessionId, async () =>
        sessionState(await stripe.checkout.sessions.retrieve(sessionId)),
      );
    },
    async expireSession(sessionId: string): Promise<void> {
      await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
      forgetSessionState(sessionId);
    },
  };
}
