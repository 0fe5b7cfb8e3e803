import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import {
  checkouts,
  emailOutbox,
  monthlyGiftPayments,
  monthlyGifts,
  orders,
  paymentEvents,
  paymentsNeedingAttention,
  rateLimits,
  refunds,
  disputes,
  type MonthlyGift,
} from "~/db/schema";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { refundOrder } from "~/features/payments/refunds/refunds.server";
import { handleStripeWebhook } from "~/features/payments/webhook.server";
import { action as manageAction, loader as manageLoader } from "~/routes/public/donation-monthly";
import { action as webhookAction } from "~/routes/resources/webhooks-stripe";
import { loader as donationsLoader } from "~/routes/admin/donations";
import { loader as donationsExport } from "~/routes/admin/donations-export";
import { loader as receiptLoader } from "~/routes/public/donation-receipt";
import Papa from "papaparse";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { fulfilPaid, postDonation, useDonationTestEnv, useTestProvider, validDonation } from "#tests/support/donations";
import { startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in";
import { browserRequest, loadAs, signedInAccount } from "#tests/support/accounts";
import { monthlyCheckoutIds, monthlyGiftsCsv, monthlyOverview } from "~/features/donations/monthly/admin.server";
import { manageLimits, playSandboxRenewal } from "~/features/donations/monthly/manage.server";
import { startSandboxGift } from "~/features/donations/monthly/gifts.server";
import { donationsCsv } from "~/features/donations/donation-csv";
import { feeToCover } from "~/features/donations/amount";
import { donationSettings } from "~/features/donations/settings.server";
import { previewGivingSummary } from "~/features/donations/year-summary/summaries.server";
import { listDonations, parseDonationFilters } from "~/features/donations/donations.server";
import { districtYearMonth } from "~/features/donations/year-summary/summary";
import { linkToken, linkTokenHash } from "~/core/link-tokens.server";
import { requestInfoContext } from "~/core/request-context";

/**
 * Monthly gifts (decision 0033) on a real database: the sandbox's local subscription and Stripe's through the
 * strict stand-in, renewals exactly once in any order, failed renewals, and the donor's manage link.
 */
const WEBHOOK_SECRET = "whsec_monthly";
let database: TestDatabase;
let stripe: StripeStandIn;

beforeAll(async () => {
  useDonationTestEnv();
  database = await createTestDatabase();
  stripe = await startStripeStandIn();
});
afterAll(async () => {
  setEnvForTests(undefined);
  setPaymentProviderForTests(undefined);
  await stripe?.close();
  await database?.destroy();
});
beforeEach(async () => {
  useDonationTestEnv();
  useTestProvider();
  for (const table of [
    refunds,
    disputes,
    paymentsNeedingAttention,
    monthlyGiftPayments,
    monthlyGifts,
    orders,
    checkouts,
    emailOutbox,
    rateLimits,
    paymentEvents,
  ])
    await database.db.delete(table);
});

const monthlyDonation = { ...validDonation, frequency: "monthly" };
const completedDonations = () => database.db.select().from(orders).where(eq(orders.status, "completed"));
const outbox = () => database.db.select().from(emailOutbox);
const theGift = async () => (await database.db.select().from(monthlyGifts))[0]!;
/** The director's Refund of an order, as the dashboards send it. */
const directorRefunds = (orderId: string, cents: number | null, requestKey: string) =>
  refundOrder(
    database.db,
    { id: null, email: "director@example.org" },
    { orderId, cents, reason: "Donor asked", requestKey },
  );

/** A monthly gift through the sandbox: the form, the sandbox's Pay, the local subscription's start. */
async function sandboxGift(body: Record<string, string> = monthlyDonation): Promise<MonthlyGift> {
  const answer = await postDonation(database, body);
  expect(answer.data.status).toBe("ready");
  const gift = (await database.db.select().from(monthlyGifts).where(eq(monthlyGifts.email, body.email!)))[0]!;
  expect(await fulfilPaid(database.db, gift.firstCheckoutId!)).toBe(true);
  await startSandboxGift(database.db, gift.firstCheckoutId!);
  return (await database.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id)))[0]!;
}

async function manage(token: string, form: Record<string, string>, search = "", address?: string) {
  const request = new Request(`https://citron.example.org/donate/monthly/${token}${search}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  const context = database.context();
  if (address) context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: address });
  const answer = (await manageAction({ request, params: { token }, context } as never).catch(
    (error: unknown) => error,
  )) as {
    data?: { ok: boolean; message: string; notice?: { description?: string } | null };
    init?: { status?: number } | null;
    status?: number;
    headers?: Headers;
  };
  return answer;
}

async function loadManage(token: string) {
  const request = new Request(`https://citron.example.org/donate/monthly/${token}`);
  return manageLoader({ request, params: { token }, context: database.context() } as never).catch(
    (error: unknown) => error,
  ) as Promise<{
    data: Record<string, unknown>;
    init: { status?: number } | null;
  }>;
}

describe("a monthly gift through the sandbox", () => {
  it("is one-time unless Monthly is chosen", async () => {
    await postDonation(database, validDonation);
    expect(await database.db.select().from(monthlyGifts)).toHaveLength(0);
    await postDonation(database, { ...validDonation, frequency: "yearly; drop table" });
    expect(await database.db.select().from(monthlyGifts)).toHaveLength(0);
  });

  it("records every paid month once, with tribute and fee cover, each receipt carrying the manage link", async () => {
    const gift = await sandboxGift();
    expect(gift).toMatchObject({ status: "active", amountCents: 5000, feeCents: 181, provider: "sandbox" });
    expect(gift.providerSubscriptionId).toMatch(/^sbx_sub_/);
    expect(gift.nextChargeAt).not.toBeNull();
    await startSandboxGift(database.db, gift.firstCheckoutId!); // a second Pay changes nothing
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");

    const rows = await completedDonations();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        itemName: "Donation",
        totalAmount: 5181,
        eventType: "memory:Rabbi Samuel Katz",
        studentName: "Ruth Adler",
      });
      expect(row.itemDescription).toMatch(
        /^Monthly donation to Citron Online District in memory of Rabbi Samuel Katz \(card fee covered\)$/,
      );
    }
    expect(await database.db.select().from(monthlyGiftPayments)).toHaveLength(3);
    const mail = await outbox();
    const receipts = mail.filter((message) => message.subject.includes("Your donation receipt"));
    const notices = mail.filter((message) => message.to === "katz.family@example.com");
    expect(receipts).toHaveLength(3);
    expect(notices).toHaveLength(3);
    for (const receipt of receipts) {
      expect(receipt.text).toContain(
        `Manage your monthly gift: https://citron.example.org/donate/monthly/${linkToken("manage", gift.id)}`,
      );
      expect(receipt.text).toContain("includes $1.81 you added to cover card fees");
    }
    expect(
      (
        await monthlyCheckoutIds(
          database.db,
          rows.map((row) => row.checkoutId),
        )
      ).size,
    ).toBe(3);
    const csv = donationsCsv(
      rows,
      await monthlyCheckoutIds(
        database.db,
        rows.map((row) => row.checkoutId),
      ),
    );
    expect(csv.split(/\r?\n/)[0]).toContain("Monthly");
    expect(csv.split(/\r?\n/).filter((line) => line.endsWith(",yes,"))).toHaveLength(3);
  });

  it("lists every paid month in the year-end giving summary, leaving a refunded month out", async () => {
    const gift = await sandboxGift();
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");
    const year = districtYearMonth(new Date()).year;
    expect((await previewGivingSummary(database.db, gift.email, year)).gifts).toHaveLength(3);

    const renewals = (await completedDonations()).filter((row) => row.checkoutId !== gift.firstCheckoutId);
    const staff = { id: null, email: "director@example.org" };
    expect(
      (
        await refundOrder(database.db, staff, {
          orderId: renewals[0]!.id,
          cents: null,
          reason: "Asked",
          requestKey: "m1",
        })
      ).ok,
    ).toBe(true);
    const summary = await previewGivingSummary(database.db, gift.email, year);
    expect(summary.gifts).toHaveLength(2);
    expect(summary.totalCents).toBe(2 * 5181);
  });

  it("emails the donor once per failed renewal, and a paid month makes the gift active again", async () => {
    const gift = await sandboxGift();
    expect(await playSandboxRenewal(database.db, gift.id, { paid: false })).toBe("failed");
    expect((await theGift()).status).toBe("past_due");
    const failures = (await outbox()).filter((message) => message.subject.includes("Please update your card"));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.text).toContain(`https://citron.example.org/donate/monthly/${linkToken("manage", gift.id)}`);
    expect(await completedDonations()).toHaveLength(1);
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");
    expect((await theGift()).status).toBe("active");
  });

  it("lets the donor change the amount, pause, resume and cancel through the manage link, each confirmed by email", async () => {
    const gift = await sandboxGift();
    const before = (await outbox()).length;

    const changed = await manage(linkToken("manage", gift.id), { intent: "amount", amount: "25" });
    expect(changed.data).toMatchObject({ ok: true });
    const fee = feeToCover(2500, donationSettings().fee);
    expect(await theGift()).toMatchObject({ amountCents: 2500, feeCents: fee });
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("recorded");
    expect((await completedDonations()).map((row) => row.totalAmount).sort()).toEqual([2500 + fee, 5181]);

    expect((await manage(linkToken("manage", gift.id), { intent: "pause" })).data).toMatchObject({ ok: true });
    expect((await theGift()).status).toBe("paused");
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("skipped");
    expect(await completedDonations()).toHaveLength(2);
    expect((await manage(linkToken("manage", gift.id), { intent: "pause" })).init?.status).toBe(409);
    expect((await manage(linkToken("manage", gift.id), { intent: "resume" })).data).toMatchObject({ ok: true });
    expect((await theGift()).status).toBe("active");

    // Cancel is a confirmation first (the page's ?confirm=cancel): opening it changes nothing; the posted button ends the gift.
    await manageLoader({
      request: new Request(`https://citron.example.org/donate/monthly/${linkToken("manage", gift.id)}?confirm=cancel`),
      params: { token: linkToken("manage", gift.id) },
      context: database.context(),
    } as never);
    expect((await theGift()).status).toBe("active");
    expect((await manage(linkToken("manage", gift.id), { intent: "cancel" }, "?confirm=cancel")).data).toMatchObject({
      ok: true,
    });
    expect((await theGift()).status).toBe("canceled");
    expect(await playSandboxRenewal(database.db, gift.id)).toBe("not_active");
    expect((await manage(linkToken("manage", gift.id), { intent: "amount", amount: "30" })).init?.status).toBe(409);

    const subjects = (await outbox()).slice(before).map((message) => message.subject);
    expect(subjects.filter((subject) => subject.includes("amount changed"))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes("is paused"))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes("is resumed"))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes("is canceled"))).toHaveLength(1);
  });

  it("answers 404 for a bad, unknown or expired link, and refuses hostile input without changing anything", async () => {
    const gift = await sandboxGift();
    for (const token of ["x", "a".repeat(40), "../../etc/passwd", "' or 1=1 --", "a".repeat(500)]) {
      expect((await loadManage(token)).init?.status).toBe(404);
      expect((await manage(token, { intent: "cancel" })).init?.status).toBe(404);
    }
    for (const form of <Record<string, string>[]>[
      { intent: "amount", amount: "abc" },
      { intent: "amount", amount: "0.001" },
      { intent: "amount", amount: "99999999" },
      { intent: "amount", amount: "5".repeat(5000) },
      { intent: "amount" },
      { intent: "drop" },
      {},
    ]) {
      expect((await manage(linkToken("manage", gift.id), form)).init?.status).toBe(400);
    }
    expect(await theGift()).toMatchObject({ amountCents: 5000, status: "active" });

    await manage(linkToken("manage", gift.id), { intent: "cancel" });
    expect((await loadManage(linkToken("manage", gift.id))).data).toMatchObject({ status: "canceled" });
    await database.db.update(monthlyGifts).set({ canceledAt: new Date(Date.now() - 100 * 86_400_000) });
    expect((await loadManage(linkToken("manage", gift.id))).init?.status).toBe(404);
  });

  it("stores only a hash of the manage and receipt tokens, found by it; a link written after a new secret works too", async () => {
    const gift = await sandboxGift();
    const token = linkToken("manage", gift.id);
    const [row] = await database.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row!.manageTokenHash).toBe(linkTokenHash(token));
    const stored = JSON.stringify(await database.db.select().from(checkouts));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(linkToken("receipt", gift.firstCheckoutId!));
    expect(stored).not.toContain("manageToken");
    // The hash alone opens nothing: it is no token.
    expect((await loadManage(row!.manageTokenHash)).init?.status).toBe(404);
    // A token with a right-looking id and a wrong MAC is refused.
    expect((await loadManage(`${token.slice(0, 32)}${"A".repeat(22)}`)).init?.status).toBe(404);
    // A random token from before decision 0037, hashed by the migration, still opens its gift.
    const legacy = "LegacyRandomToken_0123456789abcdefXYZ";
    await database.db
      .update(monthlyGifts)
      .set({ manageTokenHash: linkTokenHash(legacy) })
      .where(eq(monthlyGifts.id, gift.id));
    expect((await loadManage(legacy)).data).toMatchObject({ status: "active" });
    // ... and a link written now (after the stored hash changed, as after a new SESSION_SECRET) opens it too.
    expect((await loadManage(token)).data).toMatchObject({ status: "active" });
  });

  it("limits changes per link and per client address, before any change or email", async () => {
    const gift = await sandboxGift();
    const token = linkToken("manage", gift.id);
    await database.db.delete(rateLimits);
    for (let i = 0; i < manageLimits.perLink.max; i++) {
      await manage(token, { intent: i % 2 === 0 ? "pause" : "resume" }, "", `198.51.100.${i + 1}`);
    }
    const emailsBefore = await database.db.$count(emailOutbox);
    const refused = await manage(token, { intent: "cancel" }, "", "198.51.100.200");
    expect(refused.init?.status).toBe(429);
    expect(refused.data?.notice).toMatchObject({ description: expect.stringMatching(/Too many changes/) });
    expect(await theGift()).not.toMatchObject({ status: "canceled" });
    expect(await database.db.$count(emailOutbox)).toBe(emailsBefore);

    // One address trying many links (or guessing them) is stopped too.
    await database.db.delete(rateLimits);
    for (let i = 0; i < manageLimits.perAddress.max; i++)
      await manage(`${"b".repeat(40)}${i}`, { intent: "cancel" }, "", "203.0.113.5");
    expect((await manage(token, { intent: "cancel" }, "", "203.0.113.5")).init?.status).toBe(429);
    await database.db.delete(rateLimits);
  });

  it("shows staff the running gifts with the monthly total, and exports them", async () => {
    const gift = await sandboxGift();
    await sandboxGift({
      ...monthlyDonation,
      email: "second@example.com",
      amount: "10",
      coverFee: "",
      memorialType: "none",
    });
    const second = (
      await database.db.select().from(monthlyGifts).where(eq(monthlyGifts.email, "second@example.com"))
    )[0]!;
    let overview = await monthlyOverview(database.db);
    expect(overview).toMatchObject({ count: 2, recurringCents: 5181 + 1000 });
    await manage(linkToken("manage", second.id), { intent: "pause" });
    overview = await monthlyOverview(database.db);
    expect(overview).toMatchObject({ count: 2, recurringCents: 5181 });
    expect(overview.rows.map((row) => row.status).sort()).toEqual(["active", "paused"]);
    await manage(linkToken("manage", gift.id), { intent: "cancel" });
    expect(await monthlyOverview(database.db)).toMatchObject({ count: 1, recurringCents: 0 });
    const csv = await monthlyGiftsCsv(database.db);
    expect(csv).toContain("Monthly Amount (USD)");
    expect(csv).toContain("ruth.adler@example.com");
    expect(csv).toContain("canceled");
  });
});

describe("a monthly gift through Stripe (the strict stand-in)", () => {
  beforeEach(() => {
    useDonationTestEnv({
      STRIPE_SECRET_KEY: "sk_test_monthly",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    setPaymentProviderForTests(undefined);
  });

  const deliver = (type: string, object: object, created?: number) => {
    const event = stripe.event(type, object, WEBHOOK_SECRET, { created });
    return {
      event,
      answer: handleStripeWebhook(database.db, event.payload, event.signature, WEBHOOK_SECRET),
    };
  };

  async function stripeGift() {
    const answer = await postDonation(database, monthlyDonation);
    expect(answer.data.status).toBe("ready");
    const gift = await theGift();
    const [checkout] = await database.db.select().from(checkouts);
    const session = stripe.sessions.get(checkout!.providerSessionId!)!;
    return { gift, checkout: checkout!, session };
  }

  it("opens Checkout in subscription mode with an inline monthly price and our ids on the subscription", async () => {
    const { gift, session } = await stripeGift();
    expect(session).toMatchObject({ mode: "subscription", amount_total: 5181, submit_type: null });
    expect(session.subscription_data_metadata).toMatchObject({ monthly_gift_id: gift.id, kind: "donation" });
    expect(session.payment_intent_metadata).toEqual({});
    expect(gift).toMatchObject({ status: "pending", provider: "stripe" });
  });

  it("records the first month once when invoice.paid comes before checkout.session.completed, and every renewal once", async () => {
    const { gift, session } = await stripeGift();
    stripe.complete(session.id);
    const first = stripe.billing.invoices.get(session.invoice!)!;
    expect((await deliver("invoice.paid", first).answer).status).toBe(200);
    expect(await theGift()).toMatchObject({
      status: "active",
      providerSubscriptionId: session.subscription,
      providerCustomerId: session.customer,
    });
    expect(await completedDonations()).toHaveLength(1);
    // The session's own event afterwards, and the invoice again under a new event id: nothing new.
    await deliver("checkout.session.completed", session).answer;
    await deliver("invoice.paid", first).answer;
    expect(await completedDonations()).toHaveLength(1);

    const renewal = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    const delivered = deliver("invoice.paid", renewal);
    expect((await delivered.answer).status).toBe(200);
    // The same event again (Stripe's retry), and a second event for the same invoice, concurrently.
    await Promise.all([
      handleStripeWebhook(database.db, delivered.event.payload, delivered.event.signature, WEBHOOK_SECRET),
      deliver("invoice.paid", renewal).answer,
    ]);
    const rows = await completedDonations();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.totalAmount === 5181)).toBe(true);
    const receipts = (await outbox()).filter((message) => message.subject.includes("Your donation receipt"));
    expect(receipts).toHaveLength(2);
    expect(receipts.every((message) => message.text.includes(linkToken("manage", gift.id)))).toBe(true);
  });

  it("in the usual order too, through the webhook route", async () => {
    const { session } = await stripeGift();
    stripe.complete(session.id);
    const post = async (type: string, object: object) => {
      const event = stripe.event(type, object, WEBHOOK_SECRET);
      const response = (await webhookAction({
        request: new Request("https://citron.example.org/webhooks/stripe", {
          method: "POST",
          body: event.payload,
          headers: { "Stripe-Signature": event.signature },
        }),
        context: database.context(),
        params: {},
      } as never)) as Response;
      return response.status;
    };
    expect(await post("checkout.session.completed", session)).toBe(200);
    expect((await theGift()).status).toBe("active");
    expect(await post("invoice.paid", stripe.billing.invoices.get(session.invoice!)!)).toBe(200);
    expect(await completedDonations()).toHaveLength(1);
    expect(
      await post("invoice.paid", stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000))),
    ).toBe(200);
    expect(await completedDonations()).toHaveLength(2);
  });

  it("emails a failed renewal once per attempt, and a deletion at Stripe ends the gift", async () => {
    const { session } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    const failed = stripe.billing.renew(session.subscription!, false, Math.floor(Date.now() / 1000));
    await deliver("invoice.payment_failed", failed).answer;
    await deliver("invoice.payment_failed", failed).answer;
    expect((await theGift()).status).toBe("past_due");
    expect((await outbox()).filter((message) => message.subject.includes("Please update your card"))).toHaveLength(1);
    await deliver("invoice.payment_failed", { ...failed, attempt_count: 2 }).answer;
    expect((await outbox()).filter((message) => message.subject.includes("Please update your card"))).toHaveLength(2);

    const subscription = stripe.billing.subscriptions.get(session.subscription!)!;
    subscription.status = "canceled";
    await deliver("customer.subscription.deleted", subscription).answer;
    await deliver("customer.subscription.deleted", subscription).answer;
    expect((await theGift()).status).toBe("canceled");
    expect((await outbox()).filter((message) => message.subject.includes("has ended"))).toHaveLength(1);
  });

  it("changes, pauses, resumes and cancels the subscription at Stripe through the manage link; the card goes to the billing portal", async () => {
    const { gift, session } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    const subscription = () => stripe.billing.subscriptions.get(session.subscription!)!;

    expect((await manage(linkToken("manage", gift.id), { intent: "amount", amount: "20" })).data).toMatchObject({
      ok: true,
    });
    const fee = feeToCover(2000, donationSettings().fee);
    expect(subscription().items.data[0]!.price.unit_amount).toBe(2000 + fee);
    expect(await theGift()).toMatchObject({ amountCents: 2000, feeCents: fee });
    const next = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    await deliver("invoice.paid", next).answer;
    expect((await completedDonations()).map((row) => row.totalAmount).sort()).toEqual([2000 + fee, 5181]);

    await manage(linkToken("manage", gift.id), { intent: "pause" });
    expect(subscription().pause_collection).toMatchObject({ behavior: "void" });
    expect((await theGift()).status).toBe("paused");
    await manage(linkToken("manage", gift.id), { intent: "resume" });
    expect(subscription().pause_collection).toBeNull();

    const card = await manage(linkToken("manage", gift.id), { intent: "update-card" });
    expect(card.status).toBe(302);
    expect(card.headers?.get("Location")).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.billing.portalSessions.at(-1)).toMatchObject({
      customer: session.customer,
      return_url: `https://citron.example.org/donate/monthly/${linkToken("manage", gift.id)}`,
    });

    expect((await manage(linkToken("manage", gift.id), { intent: "cancel" })).data).toMatchObject({ ok: true });
    expect(subscription().status).toBe("canceled");
    await deliver("customer.subscription.deleted", subscription()).answer;
    const subjects = (await outbox()).map((message) => message.subject);
    expect(subjects.filter((subject) => subject.includes("canceled") || subject.includes("has ended"))).toHaveLength(1);
  });

  it("applies customer.subscription.updated by the subscription's own state and time, never by arrival (decision 0038)", async () => {
    const { session } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    const subscription = stripe.billing.subscriptions.get(session.subscription!)!;
    const now = Math.floor(Date.now() / 1000);
    // Paused in Stripe's dashboard at now - 60, then resumed at now: the resume's event arrives first.
    const pausedSnapshot = structuredClone({
      ...subscription,
      pause_collection: { behavior: "void", resumes_at: null },
    });
    const resumedSnapshot = structuredClone(subscription);
    expect((await deliver("customer.subscription.updated", resumedSnapshot, now).answer).status).toBe(200);
    expect((await theGift()).status).toBe("active");
    // The older pause arrives last: the gift stays as Stripe holds it now (not paused).
    expect((await deliver("customer.subscription.updated", pausedSnapshot, now - 60).answer).status).toBe(200);
    expect((await theGift()).status).toBe("active");

    // A card declined at now + 60 (past_due at Stripe); an older payload saying active arrives after it.
    subscription.status = "past_due";
    await deliver("customer.subscription.updated", structuredClone(subscription), now + 60).answer;
    expect((await theGift()).status).toBe("past_due");
    await deliver("customer.subscription.updated", resumedSnapshot, now + 30).answer;
    expect((await theGift()).status).toBe("past_due");
    expect((await theGift()).providerStateAt).toEqual(new Date((now + 60) * 1000));
  });

  it("finds each month's refunds and disputes, from our dashboard and Stripe's, in any order of events (decision 0038)", async () => {
    const { gift, session, checkout: first } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    expect((await deliver("invoice.paid", stripe.billing.invoices.get(session.invoice!)!).answer).status).toBe(200);
    const renewal = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    expect((await deliver("invoice.paid", renewal).answer).status).toBe(200);
    // Each paid month is recorded with its PaymentIntent and charge, as Stripe made them.
    const moneyOf = (invoiceId: string) => {
      const paid = [...stripe.money.invoicePayments.values()].find((row) => row.invoice === invoiceId)!;
      const intent = stripe.money.paymentIntents.get(paid.payment.payment_intent)!;
      return { intent: intent.id, charge: intent.latest_charge! };
    };
    const months = await database.db.select().from(monthlyGiftPayments);
    expect(months).toHaveLength(2);
    for (const month of months) {
      expect(month).toMatchObject({
        paymentIntentId: moneyOf(month.invoiceId).intent,
        chargeId: moneyOf(month.invoiceId).charge,
      });
    }
    const renewalMonth = months.find((month) => month.invoiceId === renewal.id)!;
    const renewalOrder = (await completedDonations()).find((row) => row.checkoutId === renewalMonth.checkoutId)!;
    const renewalCheckout = (await database.db.query.checkouts.findFirst({
      where: eq(checkouts.id, renewalMonth.checkoutId!),
    }))!;
    const orderOf = async (id: string) => (await database.db.query.orders.findFirst({ where: eq(orders.id, id) }))!;

    // Refunded in Stripe's dashboard: charge.refunded finds the renewal's donation.
    const { charge } = moneyOf(renewal.id);
    stripe.money.refundInDashboard(charge, 2000);
    expect((await deliver("charge.refunded", stripe.money.charges.get(charge)!).answer).status).toBe(200);
    expect((await orderOf(renewalOrder.id)).refundedAmount).toBe(2000);
    // Disputed: the rest is taken back, staff are emailed.
    const dispute = stripe.money.dispute(charge, 5181 - 2000);
    expect((await deliver("charge.dispute.created", dispute).answer).status).toBe(200);
    expect((await orderOf(renewalOrder.id)).disputedAmount).toBe(3181);
    expect((await outbox()).filter((message) => message.subject.startsWith("Disputed payment"))).toHaveLength(1);
    const open = await listDonations(database.db, parseDonationFilters(new URLSearchParams()));
    expect(open.summary).toMatchObject({ totalCents: 5181, count: 2, refundedCents: 2000, disputedCents: 3181 });
    // The dispute is lost: the money is gone, with Stripe's fee; staff are emailed.
    stripe.money.closeDispute(dispute.id, "lost");
    expect((await deliver("charge.dispute.closed", dispute).answer).status).toBe(200);
    expect(await orderOf(renewalOrder.id)).toMatchObject({ disputedAmount: 3181, disputeLostAmount: 3181 });
    expect((await outbox()).filter((message) => message.subject.startsWith("Dispute lost"))).toHaveLength(1);

    // Totals, the chart, the CSV, the month's receipt and the year-end summary follow, as staff and the donor
    // read them through the pages.
    const admin = await signedInAccount(database.db, "director@example.org", "admin");
    const { listing } = await loadAs<{ listing: Awaited<ReturnType<typeof listDonations>> }>(
      donationsLoader,
      "/admin/donations",
      admin.cookie,
      database.context(),
    );
    expect(listing.summary).toMatchObject({
      totalCents: 5181,
      count: 2,
      refundedCents: 2000,
      lostCents: 3181,
      disputeFeeCents: 1500,
    });
    expect(listing.summary.disputedCents).toBeUndefined();
    expect(listing.months.at(-1)).toMatchObject({ totalCents: 5181, refundedCents: 2000, lostCents: 3181 });
    expect(listing.rows.find((row) => row.id === renewalOrder.id)).toMatchObject({
      refundedAmount: 2000,
      disputedAmount: 3181,
      disputeLostAmount: 3181,
    });
    const csv = await (
      await loadAs<Response>(donationsExport, "/admin/donations/export.csv", admin.cookie, database.context())
    ).text();
    const [header = [], ...csvRows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "").trim()).data;
    const renewalRow = csvRows.find((cells) => cells.includes(renewalOrder.id))!;
    expect(renewalRow[header.indexOf("Refunded (USD)")]).toBe("20.00");
    expect(renewalRow[header.indexOf("Disputed (USD)")]).toBe("0.00");
    expect(renewalRow[header.indexOf("Lost in disputes (USD)")]).toBe("31.81");
    expect(renewalRow[header.indexOf("Kept (USD)")]).toBe("0.00");
    const receipt = (await receiptLoader({
      request: browserRequest("/x", ""),
      params: { token: linkToken("receipt", renewalCheckout.id) },
      context: database.context(),
    } as never)) as { data: { refunded: string | null; lost: string | null; refundedWhole: boolean } };
    expect(receipt.data).toMatchObject({ refunded: "$20.00", lost: "$31.81", refundedWhole: true });
    const summary = await previewGivingSummary(database.db, gift.email, new Date().getUTCFullYear());
    expect(summary.totalCents).toBe(5181);
    // The renewal was taken back whole (refunded and lost): the summary lists the first month only.
    expect(summary.gifts).toHaveLength(1);

    // Our own dashboard refunds the first month (its session has no PaymentIntent: the invoice's is used).
    const firstOrder = (await completedDonations()).find((row) => row.checkoutId === first.id)!;
    expect(await directorRefunds(firstOrder.id, 1000, "monthly-first-refund")).toMatchObject({ ok: true });
    expect(stripe.money.charges.get(moneyOf(session.invoice!).charge)!.amount_refunded).toBe(1000);

    // A later month refunded in Stripe before its invoice.paid was handled: refused (Stripe delivers it again),
    // then counted once the month is recorded.
    const third = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    stripe.money.refundInDashboard(moneyOf(third.id).charge, 500);
    const early = deliver("charge.refunded", stripe.money.charges.get(moneyOf(third.id).charge)!);
    expect(await early.answer).toEqual({
      status: 503,
      body: "The payment's month is not recorded yet; deliver again",
    });
    expect((await deliver("invoice.paid", third).answer).status).toBe(200);
    const again = await handleStripeWebhook(database.db, early.event.payload, early.event.signature, WEBHOOK_SECRET);
    expect(again.status).toBe(200);
    const thirdMonth = (await database.db.select().from(monthlyGiftPayments)).find(
      (row) => row.invoiceId === third.id,
    )!;
    const thirdOrder = (await completedDonations()).find((row) => row.checkoutId === thirdMonth.checkoutId)!;
    expect(thirdOrder.refundedAmount).toBe(500);
    expect(await database.db.$count(paymentsNeedingAttention)).toBe(0);
  });

  it("a month recorded without its payment's ids is still found by its refunds, ours and Stripe's (decision 0038)", async () => {
    const { session } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    await deliver("invoice.paid", stripe.billing.invoices.get(session.invoice!)!).answer;
    const renewal = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    await deliver("invoice.paid", renewal).answer;
    // As if Stripe's invoice_payments could not be read when the months were recorded.
    await database.db.update(monthlyGiftPayments).set({ paymentIntentId: null, chargeId: null });
    const month = (await database.db.select().from(monthlyGiftPayments)).find((row) => row.invoiceId === renewal.id)!;
    const order = (await completedDonations()).find((row) => row.checkoutId === month.checkoutId)!;
    const paid = [...stripe.money.invoicePayments.values()].find((row) => row.invoice === renewal.id)!;
    const intent = stripe.money.paymentIntents.get(paid.payment.payment_intent)!;

    stripe.money.refundInDashboard(intent.latest_charge!, 1000);
    expect((await deliver("charge.refunded", stripe.money.charges.get(intent.latest_charge!)!).answer).status).toBe(
      200,
    );
    expect((await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!.refundedAmount).toBe(1000);
    expect(
      await database.db.query.monthlyGiftPayments.findFirst({ where: eq(monthlyGiftPayments.invoiceId, renewal.id) }),
    ).toMatchObject({
      paymentIntentId: intent.id,
      chargeId: intent.latest_charge,
    });
    // Our own Refund of the first month, whose ids are still unknown, asks Stripe for its invoice's payment.
    const firstOrder = (await completedDonations()).find((row) => row.checkoutId !== month.checkoutId)!;
    expect(await directorRefunds(firstOrder.id, null, "monthly-first-refund-2")).toMatchObject({
      ok: true,
      message: "$51.81 was refunded.",
    });
  });

  it("refunds a first month before its invoice.paid was handled, through the session's invoice (decision 0038)", async () => {
    const { session, checkout } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    const order = (await completedDonations()).find((row) => row.checkoutId === checkout.id)!;
    expect(await directorRefunds(order.id, 1000, "monthly-first-early-refund")).toMatchObject({
      ok: true,
      message: "$10.00 was refunded.",
    });
    const paid = [...stripe.money.invoicePayments.values()].find((row) => row.invoice === session.invoice)!;
    const intent = stripe.money.paymentIntents.get(paid.payment.payment_intent)!;
    expect(stripe.money.charges.get(intent.latest_charge!)!.amount_refunded).toBe(1000);
  });

  it("a failed attempt reported after its invoice was paid changes nothing and emails no one (decision 0038)", async () => {
    const { session } = await stripeGift();
    stripe.complete(session.id);
    await deliver("checkout.session.completed", session).answer;
    const renewal = stripe.billing.renew(session.subscription!, true, Math.floor(Date.now() / 1000));
    // Attempt 1 failed, attempt 2 paid; Stripe's events for them arrive the other way round.
    await deliver("invoice.paid", { ...renewal, attempt_count: 2 }).answer;
    await deliver("invoice.payment_failed", {
      ...renewal,
      status: "open",
      amount_paid: 0,
      attempt_count: 1,
      status_transitions: { paid_at: null },
    }).answer;
    expect((await theGift()).status).toBe("active");
    expect((await outbox()).filter((message) => message.subject.includes("Please update your card"))).toHaveLength(0);
  });

  it("keeps Stripe's subscription-mode rules", async () => {
    const client = new Stripe("sk_test_rules", {
      host: "127.0.0.1",
      port: Number(new URL(stripe.url).port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const base = {
      success_url: "https://x.test/s",
      cancel_url: "https://x.test/c",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 500,
            product_data: { name: "Gift" },
            recurring: { interval: "month" as const },
          },
        },
      ],
    };
    await expect(
      client.checkout.sessions.create({ ...base, mode: "subscription", payment_intent_data: { metadata: { a: "b" } } }),
    ).rejects.toThrow(/payment_intent_data/);
    await expect(
      client.checkout.sessions.create({ ...base, mode: "subscription", submit_type: "donate" }),
    ).rejects.toThrow(/submit_type/);
    await expect(
      client.checkout.sessions.create({
        ...base,
        mode: "subscription",
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Gift" } } },
        ],
      }),
    ).rejects.toThrow(/recurring/);
    await expect(client.checkout.sessions.create({ ...base, mode: "payment" })).rejects.toThrow(/recurring price/);
    await expect(
      client.checkout.sessions.create({
        ...base,
        mode: "subscription",
        expires_at: Math.floor(Date.now() / 1000) + 60,
      }),
    ).rejects.toThrow(/30 minutes/);
    const session = await client.checkout.sessions.create({
      ...base,
      mode: "subscription",
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(session.mode).toBe("subscription");
    // Invoice payments (decision 0038): payment[type] is required with a payment filter; unknown filters refused.
    await expect(client.invoicePayments.list({ payment: { payment_intent: "pi_x" } as never })).rejects.toThrow(
      /payment\[type\]/,
    );
    await expect(client.invoicePayments.list({ subscription: "sub_x" } as never)).rejects.toThrow(/unknown parameter/);
    await expect(client.invoicePayments.list({ status: "settled" as never })).rejects.toThrow(/Invalid status/);
  });
});
