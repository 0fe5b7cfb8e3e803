import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { auditLog, checkouts, orders, refunds } from "~/db/schema";
import { action as donationsAction, loader as donationsLoader } from "~/routes/admin/donations";
import { loader as donationsExport } from "~/routes/admin/donations-export";
import { loader as receiptLoader } from "~/routes/public/donation-receipt";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { browserRequest, loadAs, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { fulfilCheckout, openCheckout } from "~/features/payments/checkout/checkout.server";
import { sandboxProvider, setPaymentProviderForTests } from "~/features/payments/providers.server";
import { linkToken } from "~/core/link-tokens.server";

/** The dashboards' Refund (decision 0025), through the routes as a browser without JavaScript posts it. */
describe("refunds from /orders and /admin/donations", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let coach: Awaited<ReturnType<typeof signedInAccount>>;

  beforeAll(async () => {
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-refund-routes-")),
        SESSION_SECRET: "s".repeat(40),
        PUBLIC_URL: "https://citron.example",
      }),
    );
    setPaymentProviderForTests(sandboxProvider);
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
    coach = await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(async () => {
    setPaymentProviderForTests(undefined);
    setEnvForTests(undefined);
    await database?.destroy();
  });

  async function gift(cents: number, email: string) {
    const result = await openCheckout(database.db, {
      kind: "donation",
      email,
      cancelPath: "/donate",
      lineItems: [{ name: "Donation", unitAmount: cents, quantity: 1 }],
      orders: [{ itemName: "Donation", totalAmount: cents, customerEmail: email, studentName: "Ruth Adler" }],
    });
    if (!result.ok) throw new Error(result.message);
    const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
    await fulfilCheckout(database.db, checkout.id, {
      id: checkout.providerSessionId!,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: cents,
      checkoutId: checkout.id,
    });
    return (await database.db.query.orders.findFirst({ where: eq(orders.checkoutId, checkout.id) }))!;
  }
  const call = async (fn: (args: never) => unknown, url: string, cookie: string, form: Record<string, string>) => {
    try {
      const result = (await fn({
        request: browserRequest(url, cookie, form),
        context: database.context(),
        params: {},
      } as never)) as {
        data: { refund: { ok: boolean; message: string; field?: string } };
        init: ResponseInit | null;
      };
      return { status: result.init?.status ?? 200, ...result.data.refund };
    } catch (thrown) {
      return { status: (thrown as { init?: ResponseInit }).init?.status ?? 0, ok: false, message: "" };
    }
  };

  it("an admin refunds part of a gift; cards, chart, table and CSV count what the district kept and show the refund apart", async () => {
    const order = await gift(10_000, "donor@example.com");
    await gift(5_000, "other@example.com");
    // Without JavaScript the confirmation is a page section: ?refund=<id>.
    const page = (await donationsLoader({
      request: browserRequest(`/admin/donations?refund=${order.id}`, admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      refundTarget: { id: string; totalAmount: number } | null;
      refundKey: string;
    };
    expect(page.refundTarget).toMatchObject({ id: order.id, totalAmount: 10_000 });
    const form = {
      intent: "refund",
      orderId: order.id,
      scope: "part",
      amount: "25.00",
      reason: "Donor asked",
      requestKey: `${page.refundKey}-${order.id.replace(/-/g, "")}`,
    };
    expect(await call(donationsAction, "/admin/donations", admin.cookie, form)).toMatchObject({
      status: 200,
      ok: true,
      message: "$25.00 was refunded.",
    });
    // The same form again (a reload of the POST) refunds nothing more.
    expect(await call(donationsAction, "/admin/donations", admin.cookie, form)).toMatchObject({ ok: true });
    expect((await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!.refundedAmount).toBe(2500);
    expect(await database.db.$count(auditLog, eq(auditLog.action, "payment.refund"))).toBe(1);

    const listing = (await donationsLoader({
      request: browserRequest("/admin/donations", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      listing: {
        summary: { totalCents: number; count: number; averageCents: number; refundedCents?: number };
        months: { totalCents: number; refundedCents?: number }[];
        rows: { id: string; refundedAmount: number }[];
      };
      refundTarget: null;
    };
    expect(listing.listing.summary).toEqual({ totalCents: 12_500, count: 2, averageCents: 6250, refundedCents: 2500 });
    expect(listing.listing.months.at(-1)).toMatchObject({ totalCents: 12_500, refundedCents: 2500 });
    expect(listing.listing.rows.find((row) => row.id === order.id)).toMatchObject({ refundedAmount: 2500 });
    expect(listing.refundTarget).toBeNull();

    const csv = await (
      await loadAs<Response>(donationsExport, "/admin/donations/export.csv", admin.cookie, database.context())
    ).text();
    const [header = [], ...rows] = Papa.parse<string[]>(csv.trim()).data;
    const row = rows.find((cells) => cells.includes(order.id))!;
    expect(row[header.indexOf("Refunded (USD)")]).toBe("25.00");
    expect(row[header.indexOf("Kept (USD)")]).toBe("75.00");
  });

  it("a refunded gift's receipt page says so: in part, what it now stands for; whole, that it no longer serves", async () => {
    const order = await gift(6_000, "receipt@example.com");
    const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, order.checkoutId!) }))!;
    const receipt = async () =>
      (
        (await receiptLoader({
          request: browserRequest("/x", ""),
          params: { token: linkToken("receipt", checkout.id) },
          context: database.context(),
        } as never)) as {
          data: { refunded: string | null; refundedWhole: boolean; kept: string };
        }
      ).data;
    expect(await receipt()).toMatchObject({ refunded: null, refundedWhole: false });
    const form = { intent: "refund", orderId: order.id, reason: "Asked", scope: "part", amount: "10" };
    await call(donationsAction, "/admin/donations", admin.cookie, { ...form, requestKey: "receipt-key-1" });
    expect(await receipt()).toMatchObject({ refunded: "$10.00", refundedWhole: false, kept: "$50.00" });
    // The whole with the earlier amount still typed is unclear: refused at the amount, nothing refunded.
    expect(
      await call(donationsAction, "/admin/donations", admin.cookie, {
        ...form,
        scope: "whole",
        requestKey: "receipt-key-2",
      }),
    ).toMatchObject({ status: 400, ok: false, field: "amount" });
    expect(await receipt()).toMatchObject({ refunded: "$10.00" });
    await call(donationsAction, "/admin/donations", admin.cookie, {
      ...form,
      scope: "whole",
      amount: "",
      requestKey: "receipt-key-2",
    });
    expect(await receipt()).toMatchObject({ refunded: "$60.00", refundedWhole: true });
  });

  it("refuses a user (403), bad input (400) and too much (409) without refunding", async () => {
    const order = await gift(3_000, "third@example.com");
    const base = {
      intent: "refund",
      orderId: order.id,
      scope: "part",
      amount: "10",
      reason: "x",
      requestKey: "route-test-key-1",
    };
    expect((await call(ordersAction, "/orders", coach.cookie, base)).status).toBe(403);
    expect(await call(ordersAction, "/orders", admin.cookie, { ...base, reason: "" })).toMatchObject({
      status: 400,
      message: "Please give a reason for the refund.",
    });
    expect(await call(ordersAction, "/orders", admin.cookie, { ...base, amount: "-1" })).toMatchObject({ status: 400 });
    expect(await call(ordersAction, "/orders", admin.cookie, { ...base, amount: "<script>" })).toMatchObject({
      status: 400,
    });
    expect(await call(ordersAction, "/orders", admin.cookie, { ...base, intent: "delete" })).toMatchObject({
      status: 400,
    });
    expect(await call(ordersAction, "/orders", admin.cookie, { ...base, amount: "30.01" })).toMatchObject({
      status: 409,
      message: "At most $30.00 can be refunded on this order.",
    });
    expect((await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!.refundedAmount).toBe(0);
    // A user sees the amounts but gets no refund form.
    const page = (await ordersLoader({
      request: browserRequest(`/orders?refund=${order.id}`, coach.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      isAdmin: boolean;
      refundTarget: unknown;
    };
    expect(page).toMatchObject({ isAdmin: false, refundTarget: null });
  });

  it("lists a refund whose answer was lost as pending, and Retry completes it (decision 0038)", async () => {
    const order = await gift(2_000, "pending@example.com");
    // Saved before the provider's call, which never answered: requested, already counted.
    const [row] = await database.db
      .insert(refunds)
      .values({
        requestKey: "lost-answer-key-1",
        checkoutId: order.checkoutId!,
        orderId: order.id,
        amount: 700,
        status: "requested",
        source: "staff",
        reason: "Lost answer",
        actorEmail: "director@example.org",
        allocation: { [order.id]: 700 },
      })
      .returning();
    await database.db.update(orders).set({ refundedAmount: 700 }).where(eq(orders.id, order.id));
    const pending = async () =>
      (
        (await donationsLoader({
          request: browserRequest("/admin/donations", admin.cookie),
          context: database.context(),
          params: {},
        } as never)) as { pendingRefunds: Array<{ id: string; amount: number; email: string }> }
      ).pendingRefunds;
    expect(await pending()).toMatchObject([{ id: row!.id, amount: 700, email: "pending@example.com" }]);
    // A user sees no pending list and cannot retry.
    expect(
      (await call(donationsAction, "/admin/donations", coach.cookie, { intent: "refund-retry", refundId: row!.id }))
        .status,
    ).toBe(403);
    expect(
      await call(donationsAction, "/admin/donations", admin.cookie, { intent: "refund-retry", refundId: "nope" }),
    ).toMatchObject({ status: 400, ok: false });
    expect(
      await call(donationsAction, "/admin/donations", admin.cookie, { intent: "refund-retry", refundId: row!.id }),
    ).toMatchObject({ status: 200, ok: true, message: "$7.00 was refunded." });
    expect(await pending()).toEqual([]);
    expect((await database.db.query.refunds.findFirst({ where: eq(refunds.id, row!.id) }))!.status).toBe("succeeded");
    expect((await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!.refundedAmount).toBe(700);
  });

  it("the orders listing shows refunded amounts apart in its totals", async () => {
    const order = await gift(4_000, "fourth@example.com");
    await call(ordersAction, "/orders", admin.cookie, {
      intent: "refund",
      orderId: order.id,
      scope: "whole",
      reason: "Duplicate",
      requestKey: "route-test-key-2",
    });
    const page = (await ordersLoader({
      request: browserRequest("/orders", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      listing: { refundedAmount: number; rows: { id: string; refundedAmount: number }[] };
    };
    expect(page.listing.refundedAmount).toBe(2500 + 6000 + 700 + 4000);
    expect(page.listing.rows.find((row) => row.id === order.id)).toMatchObject({ refundedAmount: 4000 });
  });
});
