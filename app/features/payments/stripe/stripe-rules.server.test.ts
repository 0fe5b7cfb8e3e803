import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/core/logger.server";
import {
  cartLines,
  carts,
  checkouts,
  emailOutbox,
  orders,
  paymentEvents,
  paymentsNeedingAttention,
  products,
  stockReservations,
} from "~/db/schema";
import type { TestDatabase } from "#tests/support/database";
import { type StandInSession, type StripeStandIn } from "#tests/support/stripe-stand-in";
import { closePaymentsTestbed, openPaymentsTestbed } from "#tests/support/testbed";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { CHECKOUT_TTL_MS, expireCheckouts } from "../checkout/checkout.server";
import { NEEDS_ATTENTION_MESSAGE, verifyPayment } from "../checkout/payment-result.server";
import type { PaymentProvider } from "../provider";
import { setPaymentProviderForTests } from "../providers.server";
import { stripeClient, stripeProvider } from "./stripe-provider.server";
import { settleStripeCheckouts } from "../checkout/sweep.server";
import { handleStripeWebhook } from "../webhook.server";
import { aCart, aProduct } from "#tests/support/rows";

/**
 * Decision 0024 against the local stand-in of Stripe, whose rules are
 * Stripe's: session expiry bounds, the sweep that asks Stripe before it
 * fails anything, and money no order can take kept for staff.
 */
const WEBHOOK_SECRET = "whsec_rules";
let database: TestDatabase;
let stripe: StripeStandIn;

beforeAll(async () => {
  ({ database, stripe } = await openPaymentsTestbed("stripe-rules", { CONTACT_NOTIFY_EMAILS: "staff@example.org" }));
});
afterAll(async () => {
  await closePaymentsTestbed({ database, stripe });
});
beforeEach(async () => {
  stripe.clockSkewMs = 0;
  stripe.latencyMs = 0;
  setPaymentProviderForTests(() => stripeProvider(stripeClient("sk_test_standin", stripe.url)));
  const db = database.db;
  await db.delete(paymentsNeedingAttention);
  await db.delete(paymentEvents);
  await db.delete(emailOutbox);
  await db.delete(stockReservations);
  await db.delete(orders);
  await db.delete(checkouts);
  await db.delete(cartLines);
  await db.delete(carts);
  await db.delete(products);
});

async function openStripeCheckout(stock = 5) {
  const shirt = await aProduct(database.db, { name: "District T-Shirt", price: 1800, stock });
  const cartId = await aCart(database.db, [{ productId: shirt.id, quantity: 2 }]);
  const result = await checkoutCart(database.db, { cartId, email: "parent@example.com" });
  if (!result.ok) throw new Error(result.message);
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
  return { shirt: shirt!, cartId, checkout, session: stripe.sessions.get(checkout.providerSessionId!)! };
}

const stockOf = async (id: string) =>
  (await database.db.query.products.findFirst({ where: eq(products.id, id) }))!.stockCount;
const checkoutRow = async (id: string) =>
  (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, id) }))!;
const pastDue = (id: string) =>
  database.db
    .update(checkouts)
    .set({ expiresAt: new Date(Date.now() - 10 * 60_000), updatedAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(checkouts.id, id));

async function deliver(type: string, session: StandInSession | Record<string, unknown>) {
  const event = stripe.event(type, session as StandInSession, WEBHOOK_SECRET);
  return handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET);
}

describe("item 1: Stripe's expires_at bounds", () => {
  it("the stand-in refuses expires_at under 30 minutes or over 24 hours from creation, as Stripe does", async () => {
    const client = stripeClient("sk_test_standin", stripe.url);
    const create = (expiresInSeconds: number) =>
      client.checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Pin" } } }],
        expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
        success_url: "https://citron.example/ok",
      });
    for (const seconds of [29 * 60, 24 * 3600 + 60]) {
      const error = await create(seconds).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError", param: "expires_at" });
    }
    await expect(create(31 * 60)).resolves.toMatchObject({ status: "open" });
  });

  it("opens a checkout when Stripe's clock runs ahead and the network is slow; the hold ends with Stripe's session", async () => {
    stripe.clockSkewMs = 90_000;
    stripe.latencyMs = 300;
    const before = Date.now();
    const { checkout, session } = await openStripeCheckout();
    // What Stripe was told is what the site holds, to the second.
    expect(checkout.expiresAt.getTime()).toBe(session.expires_at * 1000);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(checkout.expiresAt.getTime() - before).toBeGreaterThanOrEqual(CHECKOUT_TTL_MS - 1000);
    expect(CHECKOUT_TTL_MS).toBeGreaterThanOrEqual(31 * 60_000);
    expect(CHECKOUT_TTL_MS).toBeLessThanOrEqual(35 * 60_000);
  });

  it("offers cards only (decision 0024)", async () => {
    const { session } = await openStripeCheckout();
    expect(session.allowed_payment_method_types).toEqual(["card"]);
  });
});

describe("item 2: the sweep asks Stripe before it fails a Stripe checkout", () => {
  it("leaves Stripe checkouts to the Stripe sweep: the plain expiry fails only the sandbox's", async () => {
    const { checkout } = await openStripeCheckout();
    await pastDue(checkout.id);
    expect(await expireCheckouts(database.db)).toBe(0);
    expect((await checkoutRow(checkout.id)).status).toBe("open");
  });

  it("a paid session whose webhook never came is fulfilled, not failed: receipt, stock stays sold, payment page says paid", async () => {
    const { shirt, checkout, session, cartId } = await openStripeCheckout();
    stripe.complete(session.id, "paid");
    await pastDue(checkout.id);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ completed: 1, expired: 0 });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "completed" });
    expect(await stockOf(shirt.id)).toBe(3);
    expect(await database.db.$count(cartLines, eq(cartLines.cartId, cartId))).toBe(0);
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await verifyPayment(database.db, session.id)).toMatchObject({ state: "success", total: 3600 });
    // The late webhook changes nothing more.
    expect((await deliver("checkout.session.completed", session)).status).toBe(200);
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await database.db.$count(paymentsNeedingAttention)).toBe(0);
  });

  it("an unpaid open session is expired at Stripe first, then the checkout fails and its stock comes back", async () => {
    const { shirt, checkout, session } = await openStripeCheckout();
    await pastDue(checkout.id);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ expired: 1 });
    expect(stripe.sessions.get(session.id)!.status).toBe("expired");
    expect(stripe.requests.some((request) => request.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await stockOf(shirt.id)).toBe(5);
    // Stripe's own expired event afterwards changes nothing.
    await deliver("checkout.session.expired", stripe.sessions.get(session.id)!);
    expect(await stockOf(shirt.id)).toBe(5);
  });

  it("a round cut short after Stripe expired the session: the next finds it expired, fails it once and logs it once", async () => {
    const { shirt, checkout, session } = await openStripeCheckout();
    // The earlier round's expire call reached Stripe; its database write did not.
    stripe.sessions.get(session.id)!.status = "expired";
    await pastDue(checkout.id);
    const logged = vi.spyOn(logger, "info");
    try {
      expect(await settleStripeCheckouts(database.db)).toMatchObject({ expired: 1 });
      await pastDue(checkout.id);
      expect(await settleStripeCheckouts(database.db)).toMatchObject({ expired: 0 });
      const lines = logged.mock.calls.filter(([, message]) => message === "checkout expired; stock released");
      expect(lines).toEqual([[{ checkoutId: checkout.id, sessionId: session.id }, "checkout expired; stock released"]]);
    } finally {
      logged.mockRestore();
    }
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await stockOf(shirt.id)).toBe(5);
  });

  it("a complete-but-unpaid session (a delayed method) becomes processing: never swept, settled by the async events", async () => {
    const first = await openStripeCheckout();
    stripe.complete(first.session.id, "unpaid");
    await pastDue(first.checkout.id);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ processing: 1 });
    expect(await checkoutRow(first.checkout.id)).toMatchObject({ status: "processing" });
    expect(await verifyPayment(database.db, first.session.id)).toEqual({
      state: "delayed",
      email: "parent@example.com",
    });
    // Neither sweep touches it again, however long it takes.
    await pastDue(first.checkout.id);
    expect(await expireCheckouts(database.db)).toBe(0);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ processing: 0, expired: 0 });
    expect(await stockOf(first.shirt.id)).toBe(3);
    stripe.settle(first.session.id, true);
    await deliver("checkout.session.async_payment_succeeded", stripe.sessions.get(first.session.id)!);
    expect(await checkoutRow(first.checkout.id)).toMatchObject({ status: "completed" });
    expect(await database.db.$count(emailOutbox)).toBe(1);

    const second = await openStripeCheckout();
    stripe.complete(second.session.id, "unpaid");
    await deliver("checkout.session.completed", stripe.sessions.get(second.session.id)!);
    expect(await checkoutRow(second.checkout.id)).toMatchObject({ status: "processing" });
    // The buyer's cart cannot start a second payment meanwhile.
    expect(await checkoutCart(database.db, { cartId: second.cartId, email: "parent@example.com" })).toMatchObject({
      ok: false,
      status: 409,
    });
    await deliver("checkout.session.async_payment_failed", stripe.sessions.get(second.session.id)!);
    expect(await checkoutRow(second.checkout.id)).toMatchObject({
      status: "failed",
      failureReason: "async_payment_failed",
    });
    expect(await stockOf(second.shirt.id)).toBe(5);
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("while Stripe cannot be reached, the checkout stays open (and holds its stock) until Stripe answers", async () => {
    const { shirt, checkout } = await openStripeCheckout();
    await pastDue(checkout.id);
    const down: PaymentProvider = {
      name: "stripe",
      createSession: () => Promise.reject(new Error("down")),
      retrieveSession: () => Promise.reject(new Error("down")),
      expireSession: () => Promise.reject(new Error("down")),
    };
    setPaymentProviderForTests(() => down);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ unreachable: 1 });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "open" });
    expect(await stockOf(shirt.id)).toBe(3);
    // Leased: another instance does not ask again at once.
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ unreachable: 0 });
  });
});

describe("item 3: money no order can take is kept for staff; the webhook matches strictly", () => {
  it("acknowledges, and stores nothing for, a session whose client_reference_id is not ours (not even a UUID)", async () => {
    const { session } = await openStripeCheckout();
    for (const reference of ["not-a-uuid", "'; drop table checkouts; --", "00000000-0000-4000-8000-000000000000"]) {
      const answer = await deliver("checkout.session.completed", {
        ...session,
        id: `cs_test_foreign_${reference.length}`,
        client_reference_id: reference,
        metadata: {},
        status: "complete",
        payment_status: "paid",
      });
      expect(answer.status).toBe(200);
    }
    expect(await database.db.$count(paymentEvents)).toBe(0);
    expect(await database.db.$count(paymentsNeedingAttention)).toBe(0);
    expect(await database.db.$count(emailOutbox)).toBe(0);
  });

  it("a payment after the checkout closed is recorded once with the provider's ids, staff are emailed once, the payer is told not to pay again", async () => {
    const { checkout, session } = await openStripeCheckout();
    await pastDue(checkout.id);
    expect(await settleStripeCheckouts(database.db)).toMatchObject({ expired: 1 });
    // Paid in the instant before Stripe expired it (say): the completed event arrives late, twice.
    Object.assign(stripe.sessions.get(session.id)!, {
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_late_1",
      customer_details: { email: "payer@example.com" },
    });
    const paid = stripe.sessions.get(session.id)!;
    expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
    expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
    const rows = await database.db.select().from(paymentsNeedingAttention);
    expect(rows).toEqual([
      expect.objectContaining({
        reason: "paid_after_close",
        provider: "stripe",
        providerSessionId: session.id,
        providerPaymentId: "pi_late_1",
        checkoutId: checkout.id,
        amount: 3600,
        currency: "usd",
        email: "payer@example.com",
        resolvedAt: null,
      }),
    ]);
    const emails = await database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: "staff@example.org",
      subject: "Payment needs attention: Paid after the checkout closed",
    });
    expect(emails[0]!.text).toContain("$36.00 USD");
    expect(emails[0]!.text).toContain("pi_late_1");
    expect(emails[0]!.text).toContain("https://citron.example/admin/payments");
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "failed" });
    expect(await database.db.$count(orders, eq(orders.status, "completed"))).toBe(0);
    // /payment-success asks Stripe and does not invite a second payment.
    expect(await verifyPayment(database.db, session.id)).toEqual({ state: "failed", message: NEEDS_ATTENTION_MESSAGE });
  });

  it("a currency that does not match is recorded, not fulfilled", async () => {
    const { checkout, session } = await openStripeCheckout();
    stripe.complete(session.id, "paid");
    await deliver("checkout.session.completed", { ...stripe.sessions.get(session.id)!, currency: "eur" });
    // Closed for staff, so the sweep stops asking Stripe about it; a later look does not record it again.
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "failed", failureReason: "currency_mismatch" });
    await deliver("checkout.session.completed", { ...stripe.sessions.get(session.id)!, currency: "eur" });
    expect(await database.db.select().from(paymentsNeedingAttention)).toMatchObject([
      { reason: "currency_mismatch", currency: "eur" },
    ]);
  });

  it("a paid session that is not the one stored for the checkout is recorded, not fulfilled", async () => {
    const { checkout, session } = await openStripeCheckout();
    stripe.complete(session.id, "paid");
    await deliver("checkout.session.completed", { ...stripe.sessions.get(session.id)!, id: "cs_test_other_session" });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "open" });
    expect(await database.db.select().from(paymentsNeedingAttention)).toMatchObject([
      { reason: "session_mismatch", providerSessionId: "cs_test_other_session", checkoutId: checkout.id },
    ]);
    // The checkout's own session still completes it.
    await deliver("checkout.session.completed", stripe.sessions.get(session.id)!);
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "completed" });
  });

  it("an expired event for a replaced session does not fail the checkout's own session", async () => {
    const { checkout, session } = await openStripeCheckout();
    await deliver("checkout.session.expired", { ...session, id: "cs_test_replaced", status: "expired" });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: "open" });
  });
});
