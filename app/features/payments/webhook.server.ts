import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { isUuid } from "~/core/uuid";
import type { Database } from "~/db/client.server";
import { checkouts, paymentEvents } from "~/db/schema";
import { failCheckout, fulfilCheckout } from "./checkout/checkout.server";
import { handleRefundEvent, MonthNotRecordedYet, REFUND_EVENTS } from "./refunds/reconcile.server";
import { sessionState } from "./stripe/stripe-provider.server";

export type WebhookAnswer = { status: number; body: string };

/** Another feature's share of a verified, not yet handled event (monthly gifts: subscriptions and invoices). */
export type WebhookEventHandler = (db: Database, event: Stripe.Event) => Promise<void>;

const eventHandlers: WebhookEventHandler[] = [];

/**
 * A capability built on payments takes its share of each verified event, as it says what its fulfilment sends
 * (fulfilment-emails.server.ts): registered once at start, so payments never imports it (donations:
 * registerDonationHooks, called by server/start.ts).
 */
export function registerWebhookHandler(handler: WebhookEventHandler): void {
  if (!eventHandlers.includes(handler)) eventHandlers.push(handler);
}

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
 * four Checkout Session events, matched to a checkout by client_reference_id
 * and the stored session id. Every action is idempotent and forward-only
 * (open -> processing -> completed | failed), so deliveries in any order and any number of
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
    const checkout = await matchCheckout(db, session);
    if (!checkout) {
      // Not one of ours (another site on the same Stripe account, or a forged id): acknowledged, nothing stored,
      // so Stripe stops retrying.
      logger.warn(
        { eventId: event.id, type: event.type, sessionId: session.id },
        "stripe event for no checkout of ours; ignored",
      );
      return { status: 200, body: "No matching checkout; ignored" };
    }
    const ownSession = checkout.providerSessionId === session.id;
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      // fulfilCheckout checks the session id, currency and amount; a payment it cannot take is kept for staff.
      // completed with payment_status "unpaid" means a delayed payment: processing until the async event.
      const result = await fulfilCheckout(db, checkout.id, { ...state, checkoutId: checkout.id });
      logger.info(
        { eventId: event.id, type: event.type, checkoutId: checkout.id, result: result.status },
        "stripe event handled",
      );
    } else if (ownSession) {
      // A replaced session's expiry or failure says nothing about the checkout's own session.
      const reason = event.type === "checkout.session.expired" ? "expired" : "async_payment_failed";
      await failCheckout(db, checkout.id, reason);
      logger.info({ eventId: event.id, type: event.type, checkoutId: checkout.id }, "stripe event handled");
    }
  }
  // Refunds and disputes (decision 0025): exactly once by their own ids, in any order.
  if ((REFUND_EVENTS as readonly string[]).includes(event.type)) {
    try {
      await handleRefundEvent(db, event);
    } catch (error) {
      if (!(error instanceof MonthNotRecordedYet)) throw error;
      // A monthly gift's month refunded or disputed before its invoice.paid was handled: not acknowledged, so
      // Stripe delivers it again (decision 0038); by then the month is recorded.
      logger.warn({ eventId: event.id, type: event.type, reason: error.message }, "stripe event waits for its month");
      return { status: 503, body: "The payment's month is not recorded yet; deliver again" };
    }
  }
  // The features built on payments, registered at start (registerWebhookHandler).
  for (const handler of eventHandlers) await handler(db, event);
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { status: 200, body: "ok" };
}

/**
 * The checkout a session belongs to: by client_reference_id (only when it is
 * a UUID, so a foreign id never reaches the database as one), else by the
 * stored session id. Null when neither is ours.
 */
async function matchCheckout(db: Database, session: Stripe.Checkout.Session) {
  const reference = session.client_reference_id ?? session.metadata?.checkout_id ?? null;
  if (reference && isUuid(reference)) {
    const byReference = await db.query.checkouts.findFirst({ where: eq(checkouts.id, reference) });
    if (byReference) return byReference;
  }
  if (typeof session.id !== "string" || !session.id) return undefined;
  return db.query.checkouts.findFirst({ where: eq(checkouts.providerSessionId, session.id) });
}
