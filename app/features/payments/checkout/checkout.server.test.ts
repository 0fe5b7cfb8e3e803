import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
import type { RegistrationData } from "~/db/registration-data";
import type { TestDatabase } from "#tests/support/database";
import type { StripeStandIn } from "#tests/support/stripe-stand-in";
import { closePaymentsTestbed, openPaymentsTestbed } from "#tests/support/testbed";
import { setLineQuantity } from "~/features/shop/cart/cart-mutations.server";
import { loadCart } from "~/features/shop/cart/cart-view.server";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { expireCheckouts, failCheckout, fulfilCheckout, openCheckout } from "./checkout.server";
import { NOT_DEDUCTIBLE_LINE } from "./confirmation-email";
import type { PaymentProvider } from "../provider";
import { sandboxProvider, setPaymentProviderForTests } from "../providers.server";
import { stripeClient, stripeProvider } from "../stripe/stripe-provider.server";
import { handleStripeWebhook } from "../webhook.server";
import { aCart, aProduct } from "#tests/support/rows";

const WEBHOOK_SECRET = "whsec_test_secret";
let database: TestDatabase;
let stripe: StripeStandIn;

beforeAll(async () => {
  ({ database, stripe } = await openPaymentsTestbed("payments"));
});
afterAll(async () => {
  await closePaymentsTestbed({ database, stripe });
});
beforeEach(async () => {
  setPaymentProviderForTests(undefined);
  const db = database.db;
  await db.delete(paymentEvents);
  await db.delete(paymentsNeedingAttention);
  await db.delete(emailOutbox);
  await db.delete(stockReservations);
  await db.delete(orders);
  await db.delete(checkouts);
  await db.delete(cartLines);
  await db.delete(carts);
  await db.delete(products);
});

const product = (values: { name: string; price: number; stock?: number | null; isActive?: boolean }) =>
  aProduct(database.db, { ...values, description: `${values.name} description` });

const cart = (lines: Array<{ productId: string; quantity?: number; registration?: RegistrationData }>) =>
  aCart(database.db, lines);

const stockOf = async (id: string) =>
  (await database.db.query.products.findFirst({ where: eq(products.id, id) }))!.stockCount;
const counts = async () => ({
  checkouts: await database.db.$count(checkouts),
  orders: await database.db.$count(orders),
  reservations: await database.db.$count(stockReservations),
  emails: await database.db.$count(emailOutbox),
});
const selectStripe = () =>
  setPaymentProviderForTests(() => stripeProvider(stripeClient("sk_test_standin", stripe.url)));

describe("checkout of a cart (sandbox)", () => {
  it("prices from the catalogue, writes pending orders with docs/product.md's fields and reserves limited stock", async () => {
    const entry = await product({ name: "Citron Tournament Entry Fee", price: 2500 });
    const judge = await product({ name: "Judge Fee", price: 4000 });
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    const cartId = await cart([
      {
        productId: entry.id,
        registration: {
          studentName: "Ana Li",
          studentSchool: "Frisch",
          competitionEvent: "Lincoln-Douglas (LD)",
          tournament: "Winter Open",
          tournamentDate: "2026-12-06",
        },
      },
      {
        productId: judge.id,
        registration: { schoolName: "SAR High", schoolContact: "Ms. Roth, roth@sar.test", tournament: "Winter Open" },
      },
      { productId: shirt.id, quantity: 2 },
    ]);
    const result = await checkoutCart(database.db, { cartId, email: " parent@example.com " });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url).toMatch(/^\/checkout\/sandbox\?session_id=sbx_/);
    const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
    expect(checkout).toMatchObject({
      status: "open",
      kind: "shop",
      totalAmount: 2500 + 4000 + 3600,
      email: "parent@example.com",
      cartId,
    });
    expect(checkout.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const rows = await database.db.query.orders.findMany({ where: eq(orders.checkoutId, checkout.id) });
    expect(rows).toHaveLength(3);
    const byName = Object.fromEntries(rows.map((row) => [row.itemName, row]));
    expect(byName["Citron Tournament Entry Fee"]).toMatchObject({
      status: "pending",
      studentName: "Ana Li",
      studentSchool: "Frisch",
      tournamentName: "Winter Open",
      tournamentDate: "2026-12-06",
      eventType: "Lincoln-Douglas (LD)",
      totalAmount: 2500,
      customerEmail: "parent@example.com",
    });
    expect(byName["Judge Fee"]).toMatchObject({
      studentSchool: "SAR High",
      itemDescription: "Ms. Roth, roth@sar.test",
    });
    expect(byName["District T-Shirt"]).toMatchObject({ itemQuantity: 2, totalAmount: 3600 });
    expect(await stockOf(shirt.id)).toBe(3);
    expect(await database.db.$count(stockReservations, eq(stockReservations.checkoutId, checkout.id))).toBe(1);
  });

  it("stops on an inactive line by name and writes nothing", async () => {
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    const retired = await product({ name: "Old Hoodie", price: 3000, isActive: false });
    const cartId = await cart([{ productId: shirt.id }, { productId: retired.id }]);
    const result = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(!result.ok && result.message).toContain('"Old Hoodie" is no longer available');
    expect(await counts()).toEqual({ checkouts: 0, orders: 0, reservations: 0, emails: 0 });
    expect(await stockOf(shirt.id)).toBe(5);
  });

  it("rolls back whole when a later line's stock runs out after an earlier one was reserved", async () => {
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    const cap = await product({ name: "Cap", price: 1200, stock: 3 });
    const cartId = await cart([
      { productId: shirt.id, quantity: 2 },
      { productId: cap.id, quantity: 4 },
    ]);
    const result = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(!result.ok && result.message).toBe('only 3 of "Cap" left');
    expect(await counts()).toEqual({ checkouts: 0, orders: 0, reservations: 0, emails: 0 });
    expect(await stockOf(shirt.id)).toBe(5);
    expect(await stockOf(cap.id)).toBe(3);
  });

  it("answers docs/product.md's empty-cart and email messages", async () => {
    expect(await checkoutCart(database.db, { cartId: await cart([]), email: "p@example.com" })).toEqual({
      ok: false,
      status: 400,
      message: "Please add items to your cart before checkout.",
    });
    expect(await checkoutCart(database.db, { cartId: "x", email: "  " })).toMatchObject({
      message: "Please enter your email address to continue.",
    });
  });

  it("offers the cart's open checkout again while the cart is unchanged: one reservation, one page (resubmit, return from Cancel)", async () => {
    const tote = await product({ name: "Lectern Tote Bag", price: 1800, stock: 4 });
    const cartId = await cart([{ productId: tote.id, quantity: 2 }]);
    const first = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    const again = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again).toEqual(first);
    expect(await counts()).toMatchObject({ checkouts: 1, orders: 1, reservations: 1 });
    expect(await stockOf(tote.id)).toBe(2);
    // The cart counts its own held stock: its line is buyable, not sold out.
    const view = (await loadCart(database.db, cartId))!;
    expect(view.lines[0]).toMatchObject({ problem: null, lineTotal: 3600 });
    expect(view.total).toBe(3600);
  });

  it("replaces the cart's open checkout when the cart or email changed: its stock comes back before the new one reserves", async () => {
    const tote = await product({ name: "Lectern Tote Bag", price: 1800, stock: 6 });
    const cartId = await cart([{ productId: tote.id, quantity: 2 }]);
    const first = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    if (!first.ok) throw new Error(first.message);
    // With 4 left for everyone else, the buyer can still raise the line to 3, half of the 6 it could have: two of them are theirs.
    const [line] = await database.db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
    await setLineQuantity(database.db, cartId, line!.id, 3);
    const second = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    if (!second.ok) throw new Error(second.message);
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect(second.url).not.toBe(first.url);
    const old = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, first.checkoutId) }))!;
    expect(old).toMatchObject({ status: "failed", failureReason: "replaced" });
    expect(
      (await database.db.query.orders.findMany({ where: eq(orders.checkoutId, first.checkoutId) })).map(
        (row) => row.status,
      ),
    ).toEqual(["failed"]);
    expect(await stockOf(tote.id)).toBe(3);
    expect(await database.db.$count(stockReservations)).toBe(1);

    // A new email is a new checkout too.
    const third = await checkoutCart(database.db, { cartId, email: "other@example.com" });
    if (!third.ok) throw new Error(third.message);
    expect(third.checkoutId).not.toBe(second.checkoutId);
    expect(await database.db.$count(checkouts, eq(checkouts.status, "open"))).toBe(1);
    expect(await stockOf(tote.id)).toBe(3);
    // The replaced checkout cannot be paid any more.
    expect(
      (
        await fulfilCheckout(database.db, second.checkoutId, {
          id: "sbx",
          status: "complete",
          paymentStatus: "paid",
          amountTotal: 5400,
          checkoutId: second.checkoutId,
        })
      ).status,
    ).toBe("failed");
  });

  it("another cart's open checkout still counts against this cart", async () => {
    const tote = await product({ name: "Lectern Tote Bag", price: 1800, stock: 1 });
    const theirs = await cart([{ productId: tote.id, quantity: 1 }]);
    expect((await checkoutCart(database.db, { cartId: theirs, email: "a@example.com" })).ok).toBe(true);
    const mine = await cart([{ productId: tote.id, quantity: 1 }]);
    expect((await loadCart(database.db, mine))!.lines[0]!.problem).toBe("sold-out");
    expect(await checkoutCart(database.db, { cartId: mine, email: "b@example.com" })).toMatchObject({
      ok: false,
      message: '"Lectern Tote Bag" is sold out',
    });
  });

  it("does not offer again a checkout whose product was switched off meanwhile: it is closed and the line named", async () => {
    const tote = await product({ name: "Lectern Tote Bag", price: 1800, stock: 2 });
    const cartId = await cart([{ productId: tote.id }]);
    const first = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    if (!first.ok) throw new Error(first.message);
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, tote.id));
    const again = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(again).toMatchObject({ ok: false, message: '"Lectern Tote Bag" is no longer available' });
    // Stopping rolls back: the earlier checkout stays as it was, to expire or be paid as before.
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, first.checkoutId) }))!.status).toBe(
      "open",
    );
  });

  it("marks the checkout failed and releases stock when the provider cannot start a session", async () => {
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    const cartId = await cart([{ productId: shirt.id, quantity: 2 }]);
    const failing: PaymentProvider = {
      name: "sandbox",
      createSession: () => Promise.reject(new Error("provider is down")),
      retrieveSession: () => Promise.reject(new Error("unused")),
      expireSession: () => Promise.resolve(),
    };
    setPaymentProviderForTests(() => failing);
    const result = await checkoutCart(database.db, { cartId, email: "p@example.com" });
    expect(result).toEqual({ ok: false, status: 502, message: "provider is down" });
    const [checkout] = await database.db.select().from(checkouts);
    expect(checkout).toMatchObject({ status: "failed", failureReason: "start_failed" });
    expect(await stockOf(shirt.id)).toBe(5);
    expect(await database.db.$count(stockReservations)).toBe(0);
    expect(await database.db.$count(cartLines, eq(cartLines.cartId, cartId))).toBe(1);
  });
});

async function openPaidSandboxCheckout(stock = 5) {
  const shirt = await product({ name: "District T-Shirt", price: 1800, stock });
  const entry = await product({ name: "Citron Tournament Entry Fee", price: 2500 });
  const cartId = await cart([
    { productId: shirt.id, quantity: 2 },
    {
      productId: entry.id,
      registration: { studentName: "Ana Li", studentSchool: "Frisch", competitionEvent: "Public Forum (PF)" },
    },
  ]);
  const result = await checkoutCart(database.db, { cartId, email: "parent@example.com" });
  if (!result.ok) throw new Error(result.message);
  const stored = await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) });
  const paid = {
    id: stored!.providerSessionId!,
    status: "complete" as const,
    paymentStatus: "paid" as const,
    amountTotal: 6100,
    checkoutId: result.checkoutId,
  };
  return { shirt, cartId, checkoutId: result.checkoutId, paid };
}

describe("fulfilCheckout", () => {
  it("completes once, empties the cart, keeps the stock sold and queues one receipt, however often it is called", async () => {
    const { shirt, cartId, checkoutId, paid } = await openPaidSandboxCheckout();
    const results = await Promise.all([
      fulfilCheckout(database.db, checkoutId, paid),
      fulfilCheckout(database.db, checkoutId, paid),
      fulfilCheckout(database.db, checkoutId, paid),
    ]);
    expect(results.map((result) => result.status)).toEqual(["completed", "completed", "completed"]);
    const again = await fulfilCheckout(database.db, checkoutId);
    expect(again.status).toBe("completed");
    expect(again.status === "completed" && again.orders.map((o) => o.status)).toEqual(["completed", "completed"]);
    expect(await database.db.$count(cartLines, eq(cartLines.cartId, cartId))).toBe(0);
    expect(await stockOf(shirt.id)).toBe(3);
    expect(await database.db.$count(stockReservations)).toBe(0);
    const emails = await database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to).toBe("parent@example.com");
    expect(emails[0]!.text).toContain("District T-Shirt × 2: $36.00");
    expect(emails[0]!.text).toContain("Ana Li");
    expect(emails[0]!.text).toContain("Total paid: $61.00");
    expect(emails[0]!.text).toContain("Reference:");
    expect(emails[0]!.text).toContain(NOT_DEDUCTIBLE_LINE);
  });

  it("refuses an amount that differs from the checkout total", async () => {
    const { checkoutId, paid } = await openPaidSandboxCheckout();
    const result = await fulfilCheckout(database.db, checkoutId, { ...paid, amountTotal: 100 });
    expect(result).toMatchObject({ status: "failed", reason: "amount_mismatch" });
    // Closed for staff to settle, so nothing asks the provider about it again; its stock goes back.
    expect(await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) })).toMatchObject({
      status: "failed",
      failureReason: "amount_mismatch",
    });
    // No receipt; the payment is kept for staff, who get one email (however often it is reported).
    await fulfilCheckout(database.db, checkoutId, { ...paid, amountTotal: 100 });
    expect(await database.db.select().from(paymentsNeedingAttention)).toMatchObject([
      { reason: "amount_mismatch", amount: 100, checkoutId },
    ]);
    expect((await database.db.select().from(emailOutbox)).map((email) => email.subject)).toEqual([
      "Payment needs attention: Amount differs from the checkout total",
    ]);
    expect(await database.db.$count(orders, eq(orders.status, "completed"))).toBe(0);
  });

  it("waits while the payment is processing", async () => {
    const { checkoutId, paid } = await openPaidSandboxCheckout();
    const result = await fulfilCheckout(database.db, checkoutId, { ...paid, paymentStatus: "unpaid" });
    expect(result.status).toBe("processing");
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) }))!.status).toBe(
      "processing",
    );
    expect(await database.db.$count(emailOutbox)).toBe(0);
  });

  it("a declined (failed) checkout releases its stock once and cannot complete later", async () => {
    const { shirt, cartId, checkoutId, paid } = await openPaidSandboxCheckout();
    expect(await failCheckout(database.db, checkoutId, "declined")).toBe(true);
    expect(await failCheckout(database.db, checkoutId, "declined")).toBe(false);
    expect(await stockOf(shirt.id)).toBe(5);
    expect(await database.db.$count(orders, eq(orders.status, "failed"))).toBe(2);
    expect(await database.db.$count(cartLines, eq(cartLines.cartId, cartId))).toBe(2);
    expect(await fulfilCheckout(database.db, checkoutId, paid)).toMatchObject({
      status: "failed",
      reason: "paid_after_close",
    });
    // No receipt: the payment is kept for staff instead (decision 0024).
    expect((await database.db.select().from(emailOutbox)).map((email) => email.subject)).toEqual([
      "Payment needs attention: Paid after the checkout closed",
    ]);
  });

  it("the sweep expires open checkouts past their time and releases stock, leaving others alone", async () => {
    const first = await openPaidSandboxCheckout();
    const second = await checkoutCart(database.db, {
      cartId: await cart([{ productId: first.shirt.id }]),
      email: "b@example.com",
    });
    expect(second.ok).toBe(true);
    expect(await stockOf(first.shirt.id)).toBe(2);
    await database.db
      .update(checkouts)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkouts.id, first.checkoutId));
    expect(await expireCheckouts(database.db)).toBe(1);
    expect(await expireCheckouts(database.db)).toBe(0);
    expect(await stockOf(first.shirt.id)).toBe(4);
    const expired = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, first.checkoutId) }))!;
    expect(expired).toMatchObject({ status: "failed", failureReason: "expired" });
  });

  it("sandbox provider reports paid only after fulfilment recorded it", async () => {
    const { checkoutId } = await openPaidSandboxCheckout();
    const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) }))!;
    const provider = sandboxProvider(database.db);
    expect((await provider.retrieveSession(checkout.providerSessionId!)).paymentStatus).toBe("unpaid");
    expect((await fulfilCheckout(database.db, checkoutId)).status).toBe("processing");
  });
});

describe("Stripe provider against the local stand-in, and the webhook", () => {
  async function openStripeCheckout() {
    selectStripe();
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    const cartId = await cart([{ productId: shirt.id, quantity: 2 }]);
    const result = await checkoutCart(database.db, { cartId, email: "parent@example.com" });
    if (!result.ok) throw new Error(result.message);
    const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
    const session = stripe.sessions.get(checkout.providerSessionId!)!;
    return { shirt, cartId, result, checkout, session };
  }
  const deliver = (type: string, session: Parameters<StripeStandIn["event"]>[1]) => {
    const event = stripe.event(type, session, WEBHOOK_SECRET);
    return { event, answer: handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET) };
  };

  it("creates a Checkout Session from the catalogue's prices with our checkout id and an idempotency key", async () => {
    const { result, checkout, session } = await openStripeCheckout();
    expect(result.ok && result.url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 3600,
      client_reference_id: checkout.id,
      customer_email: "parent@example.com",
      metadata: { checkout_id: checkout.id, kind: "shop" },
      payment_intent_metadata: { checkout_id: checkout.id, kind: "shop" },
      success_url: "https://citron.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://citron.example/fees#your-cart",
      submit_type: null,
      expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
    });
    expect(stripe.requests.at(-1)).toMatchObject({ method: "POST", idempotencyKey: `checkout-${checkout.id}` });
  });

  it("expires the replaced Checkout Session at Stripe when the cart changed, and offers the same session while it did not", async () => {
    const { result, checkout, session, cartId, shirt } = await openStripeCheckout();
    const sessionsBefore = stripe.sessions.size;
    const again = await checkoutCart(database.db, { cartId, email: "parent@example.com" });
    expect(again).toEqual(result);
    expect(stripe.sessions.size).toBe(sessionsBefore);
    const [line] = await database.db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
    await setLineQuantity(database.db, cartId, line!.id, 1);
    const replaced = await checkoutCart(database.db, { cartId, email: "parent@example.com" });
    if (!replaced.ok) throw new Error(replaced.message);
    expect(session.status).toBe("expired");
    expect(stripe.requests.some((request) => request.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) }))!.failureReason).toBe(
      "replaced",
    );
    expect(await stockOf(shirt.id)).toBe(4);
    expect(
      stripe.sessions.get(
        (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, replaced.checkoutId) }))!
          .providerSessionId!,
      ),
    ).toMatchObject({ amount_total: 1800, status: "open" });
  });

  it("a donation checkout uses submit_type donate", async () => {
    selectStripe();
    const result = await openCheckout(database.db, {
      kind: "donation",
      email: "donor@example.com",
      cancelPath: "/donate",
      lineItems: [{ name: "Donation", unitAmount: 5000, quantity: 1 }],
      orders: [{ itemName: "Donation", totalAmount: 5000, customerEmail: "donor@example.com" }],
    });
    expect(result.ok).toBe(true);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session).toMatchObject({
      submit_type: "donate",
      amount_total: 5000,
      cancel_url: "https://citron.example/donate",
    });
  });

  it("answers the Checkout Error message and releases stock when Stripe refuses", async () => {
    selectStripe();
    const shirt = await product({ name: "District T-Shirt", price: 1800, stock: 5 });
    stripe.failNextCreate(400);
    const result = await checkoutCart(database.db, {
      cartId: await cart([{ productId: shirt.id }]),
      email: "p@example.com",
    });
    expect(result).toMatchObject({ ok: false, status: 502 });
    expect(!result.ok && result.message).toContain("The stand-in refused this session");
    expect(await stockOf(shirt.id)).toBe(5);
  });

  it("refuses bad and missing signatures without changing anything", async () => {
    const { session, checkout } = await openStripeCheckout();
    const event = stripe.event(
      "checkout.session.completed",
      { ...session, status: "complete", payment_status: "paid" },
      WEBHOOK_SECRET,
    );
    expect(await handleStripeWebhook(database.db, event.payload, null, WEBHOOK_SECRET)).toMatchObject({ status: 400 });
    expect(await handleStripeWebhook(database.db, event.payload, event.signature, "whsec_other")).toMatchObject({
      status: 400,
    });
    expect(
      await handleStripeWebhook(database.db, event.payload.replace("3600", "1"), event.signature, WEBHOOK_SECRET),
    ).toMatchObject({ status: 400 });
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) }))!.status).toBe(
      "open",
    );
    expect(await database.db.$count(paymentEvents)).toBe(0);
  });

  it("fulfils on a signed checkout.session.completed, once, and ignores a duplicate delivery", async () => {
    const { session, checkout, cartId } = await openStripeCheckout();
    Object.assign(session, { status: "complete", payment_status: "paid" });
    const event = stripe.event("checkout.session.completed", session, WEBHOOK_SECRET);
    expect(await handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET)).toEqual({
      status: 200,
      body: "ok",
    });
    expect(await handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET)).toEqual({
      status: 200,
      body: "Duplicate event ignored",
    });
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) }))!.status).toBe(
      "completed",
    );
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await database.db.$count(cartLines, eq(cartLines.cartId, cartId))).toBe(0);
    // The return page asks Stripe too: same result, nothing new.
    expect((await fulfilCheckout(database.db, checkout.id)).status).toBe("completed");
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("waits on completed-but-processing, then fulfils on async_payment_succeeded", async () => {
    const { session, checkout } = await openStripeCheckout();
    Object.assign(session, { status: "complete", payment_status: "unpaid" });
    expect((await deliver("checkout.session.completed", session).answer).status).toBe(200);
    expect((await fulfilCheckout(database.db, checkout.id)).status).toBe("processing");
    Object.assign(session, { payment_status: "paid" });
    await deliver("checkout.session.async_payment_succeeded", session).answer;
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) }))!.status).toBe(
      "completed",
    );
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("out of order: expired after completed changes nothing; completed after expired does not complete", async () => {
    const first = await openStripeCheckout();
    const paidSession = { ...first.session, status: "complete" as const, payment_status: "paid" as const };
    await deliver("checkout.session.completed", paidSession).answer;
    await deliver("checkout.session.expired", { ...first.session, status: "expired" }).answer;
    expect((await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, first.checkout.id) }))!.status).toBe(
      "completed",
    );
    expect(await stockOf(first.shirt.id)).toBe(3);

    const second = await openStripeCheckout();
    await deliver("checkout.session.async_payment_failed", second.session).answer;
    await deliver("checkout.session.completed", { ...second.session, status: "complete", payment_status: "paid" })
      .answer;
    const row = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, second.checkout.id) }))!;
    expect(row).toMatchObject({ status: "failed", failureReason: "async_payment_failed" });
    expect(await stockOf(second.shirt.id)).toBe(5);
    // The one receipt of the first checkout, and staff told of the payment the failed one cannot take.
    expect((await database.db.select().from(emailOutbox)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your order /),
      "Payment needs attention: Paid after the checkout closed",
    ]);
  });

  it("refuses a paid session whose amount differs from the total", async () => {
    const { session, checkout } = await openStripeCheckout();
    Object.assign(session, { status: "complete", payment_status: "paid", amount_total: 1 });
    expect((await fulfilCheckout(database.db, checkout.id)).status).toBe("failed");
    expect(await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkout.id) })).toMatchObject({
      status: "failed",
      failureReason: "amount_mismatch",
    });
    expect(await database.db.select().from(paymentsNeedingAttention)).toMatchObject([
      { reason: "amount_mismatch", amount: 1 },
    ]);
    expect(
      await database.db.$count(
        emailOutbox,
        eq(emailOutbox.subject, "Payment needs attention: Amount differs from the checkout total"),
      ),
    ).toBe(1);
  });
});
