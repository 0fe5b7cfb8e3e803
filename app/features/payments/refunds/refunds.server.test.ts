import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  checkouts,
  disputes,
  emailOutbox,
  orders,
  orderTallies,
  paymentEvents,
  paymentsNeedingAttention,
  refunds,
} from "~/db/schema";
import type { TestDatabase } from "#tests/support/database";
import type { StripeStandIn } from "#tests/support/stripe-stand-in";
import { closePaymentsTestbed, openPaymentsTestbed } from "#tests/support/testbed";
import { fulfilCheckout, openCheckout } from "../checkout/checkout.server";
import { sandboxProvider, setPaymentProviderForTests } from "../providers.server";
import { entryCounts } from "~/features/orders/orders.server";
import { ordersCsv } from "~/features/orders/order-csv";
import Papa from "papaparse";
import { parseRefundForm, pendingRefunds, refundOrder, retryRefund } from "./refunds.server";
import { allocate, setRefundStripeForTests } from "./ledger.server";
import { stripeClient, stripeProvider } from "../stripe/stripe-provider.server";
import { handleStripeWebhook } from "../webhook.server";

const WEBHOOK_SECRET = "whsec_test_refunds";
let database: TestDatabase;
let stripe: StripeStandIn;
const staff = { id: null, email: "director@example.org" };

beforeAll(async () => {
  ({ database, stripe } = await openPaymentsTestbed("refunds", { CONTACT_NOTIFY_EMAILS: "staff@example.org" }));
});
afterAll(async () => {
  setRefundStripeForTests(undefined);
  await closePaymentsTestbed({ database, stripe });
});
beforeEach(async () => {
  setPaymentProviderForTests(undefined);
  setRefundStripeForTests(stripeClient("sk_test_standin", stripe.url));
  await database.db.delete(paymentEvents);
  await database.db.delete(emailOutbox);
  await database.db.delete(auditLog);
  await database.db.delete(paymentsNeedingAttention);
  await database.db.delete(disputes);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
});

let keys = 0;
const key = () => `key-${Date.now()}-${keys++}`;
const orderRow = async (id: string) => (await database.db.query.orders.findFirst({ where: eq(orders.id, id) }))!;

/** A completed checkout of two orders (an entry fee and a gift, or two lines), on the chosen provider. */
async function paidCheckout(provider: "sandbox" | "stripe", kind: "shop" | "donation" = "shop") {
  setPaymentProviderForTests(
    provider === "stripe" ? () => stripeProvider(stripeClient("sk_test_standin", stripe.url)) : sandboxProvider,
  );
  const lines =
    kind === "donation"
      ? [{ itemName: "Donation", totalAmount: 10000, customerEmail: "donor@example.com" }]
      : [
          {
            itemName: "Citron Tournament Entry Fee",
            totalAmount: 2500,
            customerEmail: "parent@example.com",
            studentName: "Ana Li",
            tournamentName: "Winter Open",
            eventType: "LD",
          },
          { itemName: "District T-Shirt", totalAmount: 3600, itemQuantity: 2, customerEmail: "parent@example.com" },
        ];
  const result = await openCheckout(database.db, {
    kind,
    email: lines[0]!.customerEmail,
    cancelPath: "/fees",
    lineItems: lines.map((line) => ({ name: line.itemName, unitAmount: line.totalAmount, quantity: 1 })),
    orders: lines,
  });
  if (!result.ok) throw new Error(result.message);
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
  let charge: { id: string } | null = null;
  if (provider === "stripe") {
    const session = stripe.sessions.get(checkout.providerSessionId!)!;
    charge = stripe.money.pay(session).charge;
    const event = stripe.event("checkout.session.completed", session, WEBHOOK_SECRET);
    const answer = await handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET);
    if (answer.status !== 200) throw new Error(answer.body);
  } else {
    await fulfilCheckout(database.db, checkout.id, {
      id: checkout.providerSessionId!,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: checkout.totalAmount,
      checkoutId: checkout.id,
    });
  }
  const rows = await database.db.query.orders.findMany({
    where: eq(orders.checkoutId, checkout.id),
    orderBy: (table, { asc }) => asc(table.createdAt),
  });
  expect(rows.every((row) => row.status === "completed")).toBe(true);
  await database.db.delete(emailOutbox);
  return { checkout, rows, charge };
}

async function deliver(type: string, object: object) {
  const event = stripe.money.objectEvent(type, object, WEBHOOK_SECRET);
  const answer = await handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET);
  return { event, answer };
}

async function tallies() {
  const rows = await database.db.select().from(orderTallies).where(eq(orderTallies.status, "completed"));
  return rows.reduce(
    (sum, row) => ({
      amount: sum.amount + row.amount,
      refunded: sum.refunded + row.refundedAmount,
      disputed: sum.disputed + row.disputedAmount,
    }),
    { amount: 0, refunded: 0, disputed: 0 },
  );
}

describe("the refund form's rules", () => {
  const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;
  const base = { orderId: "3f2b0c8e-6a6e-4f5e-9b1a-2c3d4e5f6a7b", requestKey: "abcdefgh12", reason: "Duplicate entry" };
  it("reads whole or part, requires a reason, refuses bad amounts", () => {
    expect(parseRefundForm(form({ ...base, scope: "whole" }))).toMatchObject({ ok: true, whole: true, cents: null });
    expect(parseRefundForm(form({ ...base, scope: "part", amount: "12.50" }))).toMatchObject({ ok: true, cents: 1250 });
    expect(parseRefundForm(form({ ...base, scope: "part", amount: "$0.01" }))).toMatchObject({ ok: true, cents: 1 });
    for (const amount of ["", "0", "0.00", "-5", "1.005", "abc", "1e3", "99999999"]) {
      expect(parseRefundForm(form({ ...base, scope: "part", amount })).ok).toBe(false);
    }
    expect(parseRefundForm(form({ ...base, scope: "whole", reason: "   " }))).toEqual({
      ok: false,
      field: "reason",
      message: "Please give a reason for the refund.",
    });
    expect(parseRefundForm(form({ ...base, scope: "whole", reason: "x".repeat(501) })).ok).toBe(false);
    expect(parseRefundForm(form({ ...base, orderId: "'; drop table orders" })).ok).toBe(false);
    expect(parseRefundForm(form({ ...base, requestKey: "" })).ok).toBe(false);
  });
  it("a typed amount always means that amount; an unclear form is refused at its field (decision 0038)", () => {
    // An amount typed with no choice made is that amount, never a whole refund.
    expect(parseRefundForm(form({ ...base, amount: "12.50" }))).toMatchObject({ ok: true, whole: false, cents: 1250 });
    // The whole and an amount: two answers, refused at the amount.
    expect(parseRefundForm(form({ ...base, scope: "whole", amount: "12.50" }))).toMatchObject({
      ok: false,
      field: "amount",
      message: expect.stringContaining("clear the amount"),
    });
    // No choice and no amount, or "Part of it" with no amount: refused, never taken as the whole.
    expect(parseRefundForm(form(base))).toMatchObject({ ok: false, field: "scope" });
    expect(parseRefundForm(form({ ...base, scope: "part" }))).toMatchObject({ ok: false, field: "amount" });
    expect(parseRefundForm(form({ ...base, scope: "everything" }))).toMatchObject({ ok: false, field: "scope" });
    expect(parseRefundForm(form({ ...base, scope: "whole", reason: "" }))).toMatchObject({
      ok: false,
      field: "reason",
    });
  });
  it("spreads an amount over the orders' room, never past one's total", () => {
    expect(
      allocate(3000, [
        { id: "a", room: 2500 },
        { id: "b", room: 3600 },
      ]),
    ).toEqual({ a: 2500, b: 500 });
    expect(
      allocate(100, [
        { id: "a", room: 0 },
        { id: "b", room: 3600 },
      ]),
    ).toEqual({ b: 100 });
    expect(allocate(9999, [{ id: "a", room: 10 }])).toEqual({ a: 10 });
  });
});

describe("staff refunds (sandbox)", () => {
  it("refunds part of an order locally: counted on the order and the tallies, audited, the payer emailed once", async () => {
    const { rows } = await paidCheckout("sandbox");
    const entry = rows[0]!;
    const requestKey = key();
    const result = await refundOrder(database.db, staff, {
      orderId: entry.id,
      cents: 1000,
      reason: "Withdrew",
      requestKey,
    });
    expect(result).toMatchObject({ ok: true, message: "$10.00 was refunded." });
    expect(await orderRow(entry.id)).toMatchObject({ status: "completed", totalAmount: 2500, refundedAmount: 1000 });
    expect(await tallies()).toEqual({ amount: 6100, refunded: 1000, disputed: 0 });
    const [refund] = await database.db.select().from(refunds);
    expect(refund).toMatchObject({
      status: "succeeded",
      source: "staff",
      amount: 1000,
      reason: "Withdrew",
      providerRefundId: `sbx_re_${refund!.id}`,
    });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "payment.refund"));
    expect(audit).toMatchObject({ actorEmail: "director@example.org", targetEmail: "parent@example.com" });
    expect(audit!.details).toMatchObject({ amount: 1000, reason: "Withdrew", orderId: entry.id });
    const mail = await database.db.select().from(emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: expect.stringMatching(/^Refund for order /) });
    expect(mail[0]!.text).toContain("no payment was taken");

    // The same form sent again (a double click, a reload) refunds nothing more and emails nothing more.
    expect(
      (await refundOrder(database.db, staff, { orderId: entry.id, cents: 1000, reason: "Withdrew", requestKey })).ok,
    ).toBe(true);
    expect((await orderRow(entry.id)).refundedAmount).toBe(1000);
    expect(await database.db.$count(refunds)).toBe(1);
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("refuses more than is left with the figure, refunds the rest as whole, then nothing is left", async () => {
    const { rows } = await paidCheckout("sandbox");
    const shirt = rows[1]!;
    await refundOrder(database.db, staff, { orderId: shirt.id, cents: 600, reason: "Wrong size", requestKey: key() });
    expect(
      await refundOrder(database.db, staff, { orderId: shirt.id, cents: 3001, reason: "x", requestKey: key() }),
    ).toEqual({
      ok: false,
      status: 409,
      message: "At most $30.00 can be refunded on this order.",
    });
    expect(
      await refundOrder(database.db, staff, { orderId: shirt.id, cents: null, reason: "Returned", requestKey: key() }),
    ).toMatchObject({ ok: true, message: "$30.00 was refunded." });
    expect((await orderRow(shirt.id)).refundedAmount).toBe(3600);
    expect(
      await refundOrder(database.db, staff, { orderId: shirt.id, cents: null, reason: "again", requestKey: key() }),
    ).toMatchObject({
      ok: false,
      message: "Nothing is left to refund on this order.",
    });
    expect(await tallies()).toEqual({ amount: 6100, refunded: 3600, disputed: 0 });
  });

  it("refuses an order that is not completed, or unknown", async () => {
    const { rows } = await paidCheckout("sandbox");
    await database.db.update(orders).set({ status: "pending" }).where(eq(orders.id, rows[0]!.id));
    expect(
      await refundOrder(database.db, staff, { orderId: rows[0]!.id, cents: null, reason: "x", requestKey: key() }),
    ).toMatchObject({
      ok: false,
      message: "Only a completed order can be refunded.",
    });
    expect(
      await refundOrder(database.db, staff, {
        orderId: "3f2b0c8e-6a6e-4f5e-9b1a-2c3d4e5f6a7b",
        cents: null,
        reason: "x",
        requestKey: key(),
      }),
    ).toMatchObject({
      ok: false,
      message: "This order no longer exists.",
    });
    expect(await database.db.$count(refunds)).toBe(0);
  });

  it("a refunded gift's email says the receipt no longer serves", async () => {
    const { rows } = await paidCheckout("sandbox", "donation");
    await refundOrder(database.db, staff, {
      orderId: rows[0]!.id,
      cents: null,
      reason: "Donor asked",
      requestKey: key(),
    });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail!.subject).toMatch(/^Refund for your gift /);
    expect(mail!.text).toContain("no longer serves as a receipt");
  });

  it("a registration refunded whole is counted as refunded in the entries view", async () => {
    const { rows } = await paidCheckout("sandbox");
    const filters = { student: "", tournament: "Winter Open", event: "", page: 1 };
    expect(await entryCounts(database.db, filters)).toEqual([
      { tournamentName: "Winter Open", tournamentDate: null, eventType: "LD", entries: 1, refunded: 0 },
    ]);
    await refundOrder(database.db, staff, { orderId: rows[0]!.id, cents: 1000, reason: "part", requestKey: key() });
    expect((await entryCounts(database.db, filters))[0]).toMatchObject({ entries: 1, refunded: 0 });
    await refundOrder(database.db, staff, { orderId: rows[0]!.id, cents: null, reason: "withdrew", requestKey: key() });
    expect((await entryCounts(database.db, filters))[0]).toMatchObject({ entries: 1, refunded: 1 });
    // The student search reads the orders themselves: the same answer.
    expect((await entryCounts(database.db, { ...filters, student: "Ana" }))[0]).toMatchObject({
      entries: 1,
      refunded: 1,
    });
  });

  it("two staff refunding at the same moment cannot refund more than was paid", async () => {
    const { rows } = await paidCheckout("sandbox");
    const entry = rows[0]!;
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        refundOrder(database.db, staff, { orderId: entry.id, cents: 1500, reason: "race", requestKey: key() }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await orderRow(entry.id)).refundedAmount).toBe(1500);
  });
});

describe("refunds through Stripe (stand-in)", () => {
  it("refunds part through the Refunds API with an idempotency key; the webhooks that follow count nothing twice", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    const entry = rows[0]!;
    const result = await refundOrder(database.db, staff, {
      orderId: entry.id,
      cents: 1200,
      reason: "Withdrew",
      requestKey: key(),
    });
    expect(result.ok).toBe(true);
    const [refund] = await database.db.select().from(refunds);
    const call = stripe.requests.find((request) => request.method === "POST" && request.path === "/v1/refunds")!;
    expect(call.idempotencyKey).toBe(`refund-${refund!.id}`);
    const atStripe = stripe.money.refunds.get(refund!.providerRefundId!)!;
    expect(atStripe).toMatchObject({
      amount: 1200,
      status: "succeeded",
      reason: "requested_by_customer",
      metadata: { refund_id: refund!.id, order_id: entry.id },
    });
    expect(stripe.money.charges.get(charge!.id)!.amount_refunded).toBe(1200);

    const refunded = await deliver("charge.refunded", stripe.money.charges.get(charge!.id)!);
    expect(refunded.answer.status).toBe(200);
    expect((await deliver("refund.updated", atStripe)).answer.status).toBe(200);
    // The same event again is a duplicate; a fresh event id for the same refund changes nothing either.
    expect(
      (await handleStripeWebhook(database.db, refunded.event.payload, refunded.event.signature, WEBHOOK_SECRET)).body,
    ).toBe("Duplicate event ignored");
    expect((await orderRow(entry.id)).refundedAmount).toBe(1200);
    expect(await database.db.$count(refunds)).toBe(1);
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await tallies()).toEqual({ amount: 6100, refunded: 1200, disputed: 0 });
  });

  it("Stripe's rules: more than is left is refused (400) and the amount stops counting", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    // Someone refunded most of the charge in Stripe's dashboard, and its webhook has not arrived yet.
    stripe.money.refundInDashboard(charge!.id, 5000);
    const result = await refundOrder(database.db, staff, {
      orderId: rows[1]!.id,
      cents: 3600,
      reason: "Returned",
      requestKey: key(),
    });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(!result.ok && result.message).toContain("is greater than unrefunded amount on charge ($11.00)");
    expect((await orderRow(rows[1]!.id)).refundedAmount).toBe(0);
    const [refund] = await database.db.select().from(refunds);
    expect(refund!.status).toBe("failed");
    expect(await database.db.$count(emailOutbox)).toBe(0);
  });

  it("a refund made in Stripe's dashboard arrives by webhook, is spread over the orders, once, in any order of events", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    const made = stripe.money.refundInDashboard(charge!.id, 3000);
    // refund.updated first, then charge.refunded, then refund.updated again under a new event id.
    expect((await deliver("refund.updated", made)).answer).toEqual({ status: 200, body: "ok" });
    expect((await deliver("charge.refunded", stripe.money.charges.get(charge!.id)!)).answer.status).toBe(200);
    expect((await deliver("refund.updated", made)).answer.status).toBe(200);
    const [recorded] = await database.db.select().from(refunds);
    expect(recorded).toMatchObject({
      source: "provider",
      status: "succeeded",
      amount: 3000,
      providerRefundId: made.id,
    });
    // Spread in the orders' order (created_at, id), filling each up to its total.
    const after = await Promise.all(rows.map((row) => orderRow(row.id)));
    expect(after.map((row) => row.refundedAmount).reduce((a, b) => a + b)).toBe(3000);
    for (const row of after) expect(row.refundedAmount).toBe(recorded!.allocation[row.id] ?? 0);
    expect(after.every((row) => row.refundedAmount <= row.totalAmount)).toBe(true);
    expect(await database.db.$count(emailOutbox)).toBe(1);
    expect(await database.db.$count(auditLog, eq(auditLog.action, "payment.refund"))).toBe(1);

    // A later failure of that refund gives the amount back to what the district kept.
    const failed = { ...made, status: "failed" as const };
    expect((await deliver("refund.updated", failed)).answer.status).toBe(200);
    const refundedNow = async () =>
      (await Promise.all(rows.map((row) => orderRow(row.id)))).reduce((sum, row) => sum + row.refundedAmount, 0);
    expect(await refundedNow()).toBe(0);
    // failed is final: a late (stale) succeeded changes nothing.
    expect((await deliver("refund.updated", made)).answer.status).toBe(200);
    expect(await refundedNow()).toBe(0);
    expect(await tallies()).toEqual({ amount: 6100, refunded: 0, disputed: 0 });
  });

  it("a webhook that arrives before our own call's answer is saved matches the staff row by its metadata, once", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    const entry = rows[0]!;
    // The staff refund as saved before the call (status requested, counted), and Stripe's refund made from it.
    const [row] = await database.db
      .insert(refunds)
      .values({
        requestKey: key(),
        checkoutId: entry.checkoutId!,
        orderId: entry.id,
        amount: 700,
        status: "requested",
        source: "staff",
        reason: "race",
        allocation: { [entry.id]: 700 },
      })
      .returning();
    await database.db.update(orders).set({ refundedAmount: 700 }).where(eq(orders.id, entry.id));
    const made = stripe.money.refundInDashboard(charge!.id, 700);
    made.metadata = { refund_id: row!.id, order_id: entry.id };
    expect((await deliver("charge.refunded", stripe.money.charges.get(charge!.id)!)).answer.status).toBe(200);
    expect((await deliver("refund.updated", made)).answer.status).toBe(200);
    expect(await database.db.select().from(refunds)).toMatchObject([
      { id: row!.id, providerRefundId: made.id, status: "succeeded" },
    ]);
    expect((await orderRow(entry.id)).refundedAmount).toBe(700);
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("charge.dispute.created marks the orders disputed and emails staff, once", async () => {
    const { rows, charge, checkout } = await paidCheckout("stripe");
    const dispute = stripe.money.dispute(charge!.id);
    expect((await deliver("charge.dispute.created", dispute)).answer.status).toBe(200);
    expect((await deliver("charge.dispute.created", dispute)).answer.status).toBe(200);
    expect(await database.db.select().from(disputes)).toMatchObject([
      { id: dispute.id, checkoutId: checkout.id, amount: 6100 },
    ]);
    expect((await orderRow(rows[0]!.id)).disputedAmount).toBe(2500);
    expect((await orderRow(rows[1]!.id)).disputedAmount).toBe(3600);
    const mail = await database.db.select().from(emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: expect.stringMatching(/^Disputed payment /) });
    expect(mail[0]!.to).toContain("staff@example.org");
    expect(await tallies()).toEqual({ amount: 6100, refunded: 0, disputed: 6100 });
    // Nothing is left to refund while the whole payment is disputed.
    expect(
      (await refundOrder(database.db, staff, { orderId: rows[0]!.id, cents: null, reason: "x", requestKey: key() })).ok,
    ).toBe(false);
  });

  it("charge.dispute.closed: won gives the money back to what was kept, lost counts it as lost with the fee; staff emailed each time (decision 0038)", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    const subjects = async () => (await database.db.select().from(emailOutbox)).map((message) => message.subject);
    // Spread over the orders in their order (created_at, id): summed here.
    const sums = async () => {
      const now = await Promise.all(rows.map((row) => orderRow(row.id)));
      return {
        disputed: now.reduce((sum, row) => sum + row.disputedAmount, 0),
        lost: now.reduce((sum, row) => sum + row.disputeLostAmount, 0),
        rows: now,
      };
    };
    // Won: the dispute closes in the district's favour.
    const won = stripe.money.dispute(charge!.id, 2500);
    await deliver("charge.dispute.created", won);
    expect(await sums()).toMatchObject({ disputed: 2500, lost: 0 });
    stripe.money.closeDispute(won.id, "won");
    expect((await deliver("charge.dispute.closed", won)).answer.status).toBe(200);
    expect((await deliver("charge.dispute.closed", won)).answer.status).toBe(200);
    expect(await sums()).toMatchObject({ disputed: 0, lost: 0 });
    expect(await database.db.query.disputes.findFirst({ where: eq(disputes.id, won.id) })).toMatchObject({
      status: "won",
      fee: 0,
      closedAt: expect.any(Date),
    });
    expect(await tallies()).toEqual({ amount: 6100, refunded: 0, disputed: 0 });

    // Lost, and its closed event arrives before the created one: recorded, then closed, once.
    const lost = stripe.money.dispute(charge!.id, 3600);
    stripe.money.closeDispute(lost.id, "lost");
    expect((await deliver("charge.dispute.closed", lost)).answer.status).toBe(200);
    expect((await deliver("charge.dispute.created", lost)).answer.status).toBe(200);
    expect((await deliver("charge.dispute.closed", lost)).answer.status).toBe(200);
    const after = await sums();
    expect(after).toMatchObject({ disputed: 3600, lost: 3600 });
    expect(await database.db.query.disputes.findFirst({ where: eq(disputes.id, lost.id) })).toMatchObject({
      status: "lost",
      fee: 1500,
    });
    // What was kept leaves the lost money out; the orders CSV shows it apart, not as disputed.
    expect(await tallies()).toEqual({ amount: 6100, refunded: 0, disputed: 3600 });
    const [header = [], ...csvRows] = Papa.parse<string[]>(ordersCsv(after.rows).trim()).data;
    const column = (name: string) =>
      csvRows.reduce((sum, cells) => sum + Math.round(Number(cells[header.indexOf(name)]) * 100), 0);
    expect(column("Disputed (USD)")).toBe(0);
    expect(column("Lost in disputes (USD)")).toBe(3600);
    expect(column("Kept (USD)")).toBe(2500);
    expect((await subjects()).map((subject) => subject.replace(/ [A-Z0-9-]+$/, "")).sort()).toEqual([
      "Dispute lost:",
      "Dispute won:",
      "Disputed payment",
      "Disputed payment",
    ]);
    const lostMail = (await database.db.select().from(emailOutbox)).find((m) => m.subject.startsWith("Dispute lost"))!;
    expect(lostMail.text).toContain("$15.00");
    expect(lostMail.to).toContain("staff@example.org");
  });

  it("pressing Refund again after Stripe refused says it was refused, not refunded (decision 0038)", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    stripe.money.refundInDashboard(charge!.id, 5000);
    const form = { orderId: rows[1]!.id, cents: 3600, reason: "Returned", requestKey: key() };
    expect(await refundOrder(database.db, staff, form)).toMatchObject({ ok: false, status: 409 });
    expect(await refundOrder(database.db, staff, form)).toEqual({
      ok: false,
      status: 409,
      message: "Stripe refused this refund: nothing was refunded.",
    });
    expect((await orderRow(rows[1]!.id)).refundedAmount).toBe(0);
  });

  it("a refund whose answer was lost stays pending; a retry inside 24 hours sends the same key and refunds once (decision 0038)", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    stripe.money.loseNextRefundAnswers(2);
    const lost = await refundOrder(database.db, staff, {
      orderId: rows[0]!.id,
      cents: 1000,
      reason: "Withdrew",
      requestKey: key(),
    });
    expect(lost).toMatchObject({ ok: false, status: 502, message: expect.stringContaining("pending") });
    // Stripe made it; we do not know yet: counted, and listed for staff as pending.
    expect(stripe.money.charges.get(charge!.id)!.amount_refunded).toBe(1000);
    const pending = await pendingRefunds(database.db);
    expect(pending).toMatchObject([{ amount: 1000, email: "parent@example.com" }]);
    expect((await orderRow(rows[0]!.id)).refundedAmount).toBe(1000);

    expect(await retryRefund(database.db, pending[0]!.id)).toMatchObject({ ok: true, message: "$10.00 was refunded." });
    const keysSent = stripe.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.idempotencyKey?.includes(pending[0]!.id))
      .map((r) => r.idempotencyKey);
    expect(keysSent.length).toBeGreaterThan(1);
    expect(new Set(keysSent)).toEqual(new Set([`refund-${pending[0]!.id}`]));
    expect(stripe.money.charges.get(charge!.id)!.amount_refunded).toBe(1000);
    expect(await pendingRefunds(database.db)).toEqual([]);
    expect((await database.db.select().from(refunds))[0]).toMatchObject({ status: "succeeded" });
    expect(await database.db.$count(emailOutbox)).toBe(1);
  });

  it("after Stripe's 24 hours a retry reads the charge's refunds first and never refunds twice (decision 0038)", async () => {
    const { rows, charge } = await paidCheckout("stripe");
    stripe.money.loseNextRefundAnswers(2);
    const form = { orderId: rows[0]!.id, cents: 1000, reason: "Withdrew", requestKey: key() };
    expect((await refundOrder(database.db, staff, form)).ok).toBe(false);
    // A day and more later: Stripe has forgotten the key, so the same key would make a second refund.
    stripe.money.advance(25 * 3600);
    await database.db.update(refunds).set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) });
    expect(await refundOrder(database.db, staff, form)).toMatchObject({ ok: true, message: "$10.00 was refunded." });
    expect(stripe.money.charges.get(charge!.id)!.amount_refunded).toBe(1000);
    const atStripe = [...stripe.money.refunds.values()].filter((refund) => refund.charge === charge!.id);
    expect(atStripe).toHaveLength(1);
    const [row] = await database.db.select().from(refunds);
    expect(row).toMatchObject({ status: "succeeded", providerRefundId: atStripe[0]!.id });

    // Lost and never made at Stripe (the call did not arrive): after the day, asked again under that day's key.
    stripe.money.loseNextRefundAnswers(2);
    const second = { orderId: rows[1]!.id, cents: 600, reason: "Size", requestKey: key() };
    expect((await refundOrder(database.db, staff, second)).ok).toBe(false);
    const made = [...stripe.money.refunds.values()].at(-1)!;
    stripe.money.refunds.delete(made.id);
    stripe.money.charges.get(charge!.id)!.amount_refunded -= 600;
    stripe.money.advance(25 * 3600);
    const [pendingRow] = await pendingRefunds(database.db);
    await database.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(refunds.id, pendingRow!.id));
    expect(await retryRefund(database.db, pendingRow!.id)).toMatchObject({ ok: true });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: "/v1/refunds",
      idempotencyKey: `refund-${pendingRow!.id}-day-1`,
    });
    expect(stripe.money.charges.get(charge!.id)!.amount_refunded).toBe(1600);
  });

  it("a dashboard refund of a payment on the attention list is not allocated to that checkout's orders (decision 0038)", async () => {
    const { rows, checkout } = await paidCheckout("stripe");
    // The payer paid this checkout twice: the second payment went to the attention list (session_mismatch).
    const extra = stripe.money.pay({
      id: "cs_test_second",
      status: "open",
      payment_status: "unpaid",
      amount_total: 6100,
      currency: "usd",
      payment_intent_metadata: { checkout_id: checkout.id, kind: "shop" },
    });
    await database.db.insert(paymentsNeedingAttention).values({
      reason: "session_mismatch",
      provider: "stripe",
      providerSessionId: "cs_test_second",
      providerPaymentId: extra.intent.id,
      checkoutId: checkout.id,
      amount: 6100,
      currency: "usd",
      email: "parent@example.com",
    });
    stripe.money.refundInDashboard(extra.charge.id, 6100);
    expect((await deliver("charge.refunded", stripe.money.charges.get(extra.charge.id)!)).answer.status).toBe(200);
    expect((await orderRow(rows[0]!.id)).refundedAmount).toBe(0);
    expect((await orderRow(rows[1]!.id)).refundedAmount).toBe(0);
    expect(await database.db.$count(refunds)).toBe(0);
    expect(await tallies()).toEqual({ amount: 6100, refunded: 0, disputed: 0 });
  });

  it("puts refunds and disputes of money that matches nothing of ours on the attention list, once each (decision 0038)", async () => {
    await paidCheckout("stripe");
    const stranger = stripe.money.pay({
      id: "cs_x",
      status: "open",
      payment_status: "unpaid",
      amount_total: 900,
      currency: "usd",
      payment_intent_metadata: {},
    });
    const made = stripe.money.refundInDashboard(stranger.charge.id, 900);
    expect((await deliver("charge.refunded", stripe.money.charges.get(stranger.charge.id)!)).answer.status).toBe(200);
    expect((await deliver("refund.updated", made)).answer.status).toBe(200);
    expect((await deliver("charge.dispute.created", stripe.money.dispute(stranger.charge.id))).answer.status).toBe(200);
    expect((await deliver("refund.updated", made)).answer.status).toBe(200);
    expect(await database.db.$count(refunds)).toBe(0);
    expect(await database.db.$count(disputes)).toBe(0);
    const attention = await database.db.select().from(paymentsNeedingAttention);
    expect(attention.map((row) => row.reason).sort()).toEqual(["unmatched_dispute", "unmatched_refund"]);
    expect(attention.find((row) => row.reason === "unmatched_refund")).toMatchObject({
      providerSessionId: made.id,
      providerPaymentId: stranger.intent.id,
      amount: 900,
    });
    const mail = await database.db.select().from(emailOutbox);
    expect(mail.map((message) => message.subject).sort()).toEqual([
      "Payment needs attention: Disputed at Stripe, but matches no payment of the site",
      "Payment needs attention: Refunded at Stripe, but matches no payment of the site",
    ]);
  });
});
