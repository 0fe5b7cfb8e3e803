import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { paymentEvents } from "~/db/schema";
import { failCheckout, fulfilCheckout } from "./checkout.server";
import { handleRefundEvent, REFUND_EVENTS } from "./refunds.server";
import { sessionState } from "./stripe-provider.server";

export type WebhookAnswer = { status: number; body: string };

/** Checkout Session events this endpoint acts on; others are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
] as const;

/**
 * Stripe's webhook: verifies the signature on the raw body (bad or missing:
 * 400, nothing changes), skips an event id already handled, and acts on the
 * four Checkout Session events. Every action is idempotent and forward-only
 * (open -> completed | failed), so deliveries in any order and any number of
 * times end in the same state. The event id is recorded after handling, so
 * a delivery that failed half-way is handled again on Stripe's retry.
 */
export async function handleStripeWebhook(
  db: Database,
  rawBody: string,
  signature: string | null,
  secret = env().STRIPE_WEBHOOK_SECRET,
): Promise<WebhookAnswer> {
  if (!secret) return { status: 404, body: "Stripe is not configured" };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header" };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "stripe webhook signature refused");
    return { status: 400, body: "Invalid signature" };
  }

  const seen = await db.query.paymentEvents.findFirst({ where: eq(paymentEvents.id, event.id) });
  if (seen) return { status: 200, body: "Duplicate event ignored" };

  if ((HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    const state = sessionState(session);
    const checkoutId = state.checkoutId;
    if (!checkoutId) {
      logger.warn({ eventId: event.id, sessionId: session.id }, "stripe event without our checkout id; ignored");
    } else if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      // completed with payment_status "unpaid" means the payment is still processing: wait for the async event.
      const result = await fulfilCheckout(db, checkoutId, state);
      logger.info({ eventId: event.id, type: event.type, checkoutId, result: result.status }, "stripe event handled");
    } else {
      const reason = event.type === "checkout.session.expired" ? "expired" : "async_payment_failed";
      await failCheckout(db, checkoutId, reason);
      logger.info({ eventId: event.id, type: event.type, checkoutId }, "stripe event handled");
    }
  }
  // Refunds and disputes (decision 0025): exactly once by their own ids, in any order.
  if ((REFUND_EVENTS as readonly string[]).includes(event.type)) await handleRefundEvent(db, event);
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { status: 200, body: "ok" };
}
