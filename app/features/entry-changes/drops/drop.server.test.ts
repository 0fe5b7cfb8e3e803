import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  checkouts,
  emailOutbox,
  entryChanges,
  orders,
  paymentEvents,
  refunds,
  tournamentSettings,
} from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { openCheckout } from "~/features/payments/checkout/checkout.server";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { setRefundStripeForTests } from "~/features/payments/refunds/ledger.server";
import { refundOrder } from "~/features/payments/refunds/refunds.server";
import { stripeClient, stripeProvider } from "~/features/payments/stripe/stripe-provider.server";
import { handleStripeWebhook } from "~/features/payments/webhook.server";
import type { TestDatabase } from "#tests/support/database";
import type { StripeStandIn } from "#tests/support/stripe-stand-in";
import { closePaymentsTestbed, openPaymentsTestbed } from "#tests/support/testbed";
import { takeEntryChangeLimit } from "../changes.server";
import { handleDropIntent } from "./drop-action.server";
import { dropEntryWithPolicy, dropRefundKey, quoteDrop } from "./drop.server";
import { retryDropRefunds } from "./refund-retry.server";

const WEBHOOK_SECRET = "whsec_test_drops";
const TITLE = "Winter Open";
const DATE = "2026-12-08";
const KEY = tournamentKey(TITLE, DATE);
// Registration closes Dec 5 by default (three days before).
const BEFORE_CLOSE = "2026-12-01";
const family = { kind: "family" } as const;
const staff = { id: null, email: "director@example.org" };

let database: TestDatabase;
let stripe: StripeStandIn;

beforeAll(async () => {
  ({ database, stripe } = await openPaymentsTestbed("drops", { CONTACT_NOTIFY_EMAILS: "staff@example.org" }));
});
afterAll(async () => {
  setRefundStripeForTests(undefined);
  await closePaymentsTestbed({ database, stripe });
});
beforeEach(async () => {
  setPaymentProviderForTests(() => stripeProvider(stripeClient("sk_test_standin", stripe.url)));
  setRefundStripeForTests(stripeClient("sk_test_standin", stripe.url));
  for (const table of [paymentEvents, emailOutbox, auditLog, entryChanges, tournamentSettings, orders, checkouts])
    await database.db.delete(table);
});

/** An entry paid through Stripe (the stand-in), $40. */
async function paidEntry(fee = 4000) {
  const line = {
    itemName: "Citron Tournament Entry Fee",
    totalAmount: fee,
    customerEmail: "parent@example.com",
    studentName: "Ana Li",
    tournamentName: TITLE,
    tournamentDate: DATE,
    tournamentKey: KEY,
    eventType: "Lincoln-Douglas Debate",
  };
  const result = await openCheckout(database.db, {
    kind: "shop",
    email: line.customerEmail,
    cancelPath: "/fees",
    lineItems: [{ name: line.itemName, unitAmount: fee, quantity: 1 }],
    orders: [line],
  });
  if (!result.ok) throw new Error(result.message);
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
  const session = stripe.sessions.get(checkout.providerSessionId!)!;
  const { charge } = stripe.money.pay(session);
  const event = stripe.event("checkout.session.completed", session, WEBHOOK_SECRET);
  expect((await handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET)).status).toBe(200);
  await database.db.delete(emailOutbox);
  const order = (await database.db.query.orders.findFirst({ where: eq(orders.checkoutId, checkout.id) }))!;
  expect(order.status).toBe("completed");
  return {
    order,
    scope: { checkoutId: checkout.id },
    paymentIntent: session.payment_intent as string,
    chargeId: charge.id,
  };
}

const orderRow = async (id: string) => (await database.db.query.orders.findFirst({ where: eq(orders.id, id) }))!;
const stripeRefundsOf = (paymentIntent: string) =>
  [...stripe.money.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

async function policy(refundFullUntil: string | null, refundAfterCents: number | null) {
  await database.db
    .insert(tournamentSettings)
    .values({ key: KEY, title: TITLE, date: DATE, refundFullUntil, refundAfterCents });
}

describe("a family's drop with the tournament's refund policy", () => {
  it("before the close, by default: the whole fee, through Stripe, once; the place freed, history, audit, emails", async () => {
    const { order, scope, paymentIntent } = await paidEntry();
    const quote = await quoteDrop(database.db, family, scope, order.id, BEFORE_CLOSE);
    expect(quote).toMatchObject({
      ok: true,
      quote: { cents: 4000, sentence: "You will be refunded $40.00, the whole fee." },
    });

    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 4000 },
      BEFORE_CLOSE,
    );
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      refund: "made",
      message: "Ana Li was dropped and $40.00 was refunded.",
    });
    expect(await orderRow(order.id)).toMatchObject({ droppedAt: expect.any(Date), refundedAmount: 4000 });
    const [refund] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.requestKey, dropRefundKey(order.id)));
    expect(refund).toMatchObject({ status: "succeeded", amount: 4000 });
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
    expect(await database.db.select().from(entryChanges)).toEqual([
      expect.objectContaining({
        kind: "drop",
        actorKind: "family",
        actorLabel: "family link",
        summary: "Dropped from Lincoln-Douglas Debate; $40.00 refunded.",
      }),
    ]);
    const actions = (await database.db.select().from(auditLog)).map((row) => row.action).sort();
    expect(actions).toEqual(["payment.refund", "tournament.drop"]);
    const mail = await database.db.select().from(emailOutbox);
    expect(mail.map((row) => row.subject).sort()).toEqual([
      "Drop: Ana Li, Lincoln-Douglas Debate, Winter Open",
      "Entry dropped: Ana Li, Lincoln-Douglas Debate",
      expect.stringMatching(/^Refund for order /),
    ]);

    // Pressed again (the other tab): nothing more.
    const again = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 4000 },
      BEFORE_CLOSE,
    );
    expect(again).toMatchObject({ ok: false, status: 409, message: "Ana Li was already dropped." });
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
  });

  it("after the full refund: the set amount, capped at what is left when staff already refunded part", async () => {
    await policy("2026-11-20", 1500);
    const { order, scope, paymentIntent } = await paidEntry();
    expect(
      (
        await refundOrder(database.db, staff, {
          orderId: order.id,
          cents: 3000,
          reason: "part",
          requestKey: "staff-part-1",
        })
      ).ok,
    ).toBe(true);
    const quote = await quoteDrop(database.db, family, scope, order.id, BEFORE_CLOSE);
    expect(quote).toMatchObject({
      ok: true,
      quote: { cents: 1000, rule: "after", sentence: "You will be refunded $10.00: the full refund ended on Nov 20." },
    });
    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 1000 },
      BEFORE_CLOSE,
    );
    expect(outcome).toMatchObject({ ok: true, refund: "made" });
    expect((await orderRow(order.id)).refundedAmount).toBe(4000);
    expect(
      stripeRefundsOf(paymentIntent)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([1000, 3000]);
  });

  it("nothing after the full refund's end: still dropped and recorded, said before confirming", async () => {
    await policy("2026-11-20", null);
    const { order, scope, paymentIntent } = await paidEntry();
    expect(await quoteDrop(database.db, family, scope, order.id, BEFORE_CLOSE)).toMatchObject({
      ok: true,
      quote: { cents: 0, sentence: "Nothing will be refunded: the full refund ended on Nov 20." },
    });
    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 0 },
      BEFORE_CLOSE,
    );
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      refund: "none",
      message: "Ana Li was dropped; nothing was refunded.",
    });
    expect(await orderRow(order.id)).toMatchObject({ droppedAt: expect.any(Date), refundedAmount: 0 });
    expect(
      await database.db
        .select()
        .from(refunds)
        .where(eq(refunds.requestKey, dropRefundKey(order.id))),
    ).toEqual([]);
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(0);
    const [change] = await database.db.select().from(entryChanges);
    expect(change!.summary).toBe("Dropped from Lincoln-Douglas Debate; nothing refunded.");
  });

  it("a quote that changed since the family saw it drops nothing and shows the new one", async () => {
    const { order, scope } = await paidEntry();
    await policy("2026-11-20", 500);
    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 4000 },
      BEFORE_CLOSE,
    );
    expect(outcome).toMatchObject({ ok: false, status: 409, quote: { cents: 500 } });
    expect((await orderRow(order.id)).droppedAt).toBeNull();
  });

  it("after registration closes a family cannot drop, whatever it sends; staff still can, without a refund", async () => {
    const { order, scope } = await paidEntry();
    const refused = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 0 },
      "2026-12-06",
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/^Registration for Winter Open closed on Dec 5\. To drop now, write to /),
    });
    expect((await orderRow(order.id)).droppedAt).toBeNull();
    // Another checkout's link reaches no entry of this one.
    expect(
      await quoteDrop(database.db, family, { checkoutId: crypto.randomUUID() }, order.id, BEFORE_CLOSE),
    ).toMatchObject({ ok: false, status: 404 });
    const byStaff = await dropEntryWithPolicy(
      database.db,
      { kind: "staff", staff },
      { tournamentKey: KEY },
      { orderId: order.id, confirmedCents: null },
      "2026-12-06",
    );
    expect(byStaff).toMatchObject({ ok: true, refund: "none" });
    const [change] = await database.db.select().from(entryChanges);
    expect(change).toMatchObject({ actorKind: "staff", actorLabel: "director@example.org" });
  });

  it("a refund whose answer from Stripe is lost stays counted, is retried by the sweep with the same key, and is made once", async () => {
    const { order, scope, paymentIntent } = await paidEntry();
    stripe.money.loseNextRefundAnswers(2);
    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 4000 },
      BEFORE_CLOSE,
    );
    expect(outcome).toMatchObject({
      ok: true,
      refund: "pending",
      message: expect.stringContaining("The refund of $40.00 is saved"),
    });
    const [saved] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.requestKey, dropRefundKey(order.id)));
    expect(saved!.status).toBe("requested");
    // Counted already: nothing else can refund it twice meanwhile.
    expect((await orderRow(order.id)).refundedAmount).toBe(4000);
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);

    expect(await retryDropRefunds(database.db, { leaseMs: 0 })).toEqual({ asked: 1, settled: 1 });
    expect(await retryDropRefunds(database.db, { leaseMs: 0 })).toEqual({ asked: 0, settled: 0 });
    const [after] = await database.db.select().from(refunds).where(eq(refunds.id, saved!.id));
    expect(after!.status).toBe("succeeded");
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedAmount).toBe(4000);
  });

  it("a refund Stripe refuses (refunded in its dashboard meanwhile) leaves the drop, counts nothing, and tells staff", async () => {
    const { order, scope, chargeId } = await paidEntry();
    // Staff refunded it in Stripe's dashboard; its webhook has not arrived.
    stripe.money.refundInDashboard(chargeId, 4000);
    const outcome = await dropEntryWithPolicy(
      database.db,
      family,
      scope,
      { orderId: order.id, confirmedCents: 4000 },
      BEFORE_CLOSE,
    );
    expect(outcome).toMatchObject({
      ok: true,
      refund: "refused",
      message: expect.stringContaining("could not be made"),
    });
    expect(await orderRow(order.id)).toMatchObject({ droppedAt: expect.any(Date), refundedAmount: 0 });
    const [row] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.requestKey, dropRefundKey(order.id)));
    expect(row!.status).toBe("failed");
    expect((await database.db.select().from(emailOutbox)).map((mail) => mail.subject)).toContain(
      "Drop refund refused: Ana Li",
    );
    // The sweep leaves a refused refund alone.
    expect(await retryDropRefunds(database.db, { leaseMs: 0 })).toEqual({ asked: 0, settled: 0 });
  });

  it("two presses at once (two tabs, two instances) drop once and refund once", async () => {
    const { order, scope, paymentIntent } = await paidEntry();
    const press = () =>
      dropEntryWithPolicy(database.db, family, scope, { orderId: order.id, confirmedCents: 4000 }, BEFORE_CLOSE);
    const outcomes = await Promise.all([press(), press(), press()]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.status)).toEqual([409, 409]);
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedAmount).toBe(4000);
    expect(await database.db.select().from(entryChanges)).toHaveLength(1);
  });
});

describe("the entries page's drop intent", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("answers the quote first and drops nothing; drops only at the refund shown; a confirmed drop counts as a change", async () => {
    const { order, scope } = await paidEntry();
    const link = { ...scope, linkId: crypto.randomUUID(), email: "parent@example.com", orders: [order] };
    const quoted = await handleDropIntent(database.db, link, form({ intent: "drop", orderId: order.id }), BEFORE_CLOSE);
    expect(quoted).toMatchObject({
      status: 200,
      body: { ok: true, message: "", drop: { orderId: order.id, cents: 4000, sentence: expect.any(String) } },
    });
    expect((await orderRow(order.id)).droppedAt).toBeNull();

    // A forged or stale amount is answered with the quote again, nothing dropped.
    const forged = form({ intent: "drop", orderId: order.id, confirm: "yes", refundCents: "999999" });
    expect(await handleDropIntent(database.db, link, forged, BEFORE_CLOSE)).toMatchObject({
      status: 409,
      body: { ok: false, drop: { cents: 4000 } },
    });
    expect((await orderRow(order.id)).droppedAt).toBeNull();

    // The stale confirm and eight more changes through this link this hour: the drop is the tenth, the next refused.
    for (let n = 0; n < 8; n++) await takeEntryChangeLimit(database.db, link.linkId);
    const confirmed = form({ intent: "drop", orderId: order.id, confirm: "yes", refundCents: "4000" });
    expect(await handleDropIntent(database.db, link, confirmed, BEFORE_CLOSE)).toMatchObject({
      status: 200,
      body: { ok: true, message: "Ana Li was dropped and $40.00 was refunded." },
    });
    expect(await handleDropIntent(database.db, link, confirmed, BEFORE_CLOSE)).toHaveProperty("limited");
  });
});
