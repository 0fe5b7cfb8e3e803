import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { auditLog, emailOutbox, paymentsNeedingAttention } from "~/db/schema";
import * as page from "~/routes/admin/payments";
import * as layout from "~/routes/admin/layout";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { recordPaymentAttention } from "~/features/payments/attention/attention.server";
import { testEnv } from "#tests/support/testbed";

/** Decision 0024: the staff email and the admin page of payments needing attention. */
let database: TestDatabase;
let adminCookie = "";

beforeAll(async () => {
  setEnvForTests(testEnv("attention", { PUBLIC_URL: "https://citron.example" }));
  database = await createTestDatabase();
  adminCookie = (await signedInAccount(database.db, "director@example.org", "admin")).cookie;
  await signedInAccount(database.db, "treasurer@example.org", "admin");
  await signedInAccount(database.db, "coach@example.org", "user");
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(paymentsNeedingAttention);
  await database.db.delete(emailOutbox);
});

const late = {
  reason: "paid_after_close" as const,
  provider: "stripe" as const,
  sessionId: "cs_test_late",
  paymentId: "pi_late",
  checkout: null,
  amount: 3600,
  currency: "usd",
  email: "payer@example.com",
};
const call = <T>(fn: (args: never) => T, form?: Record<string, string>) =>
  fn({
    request: browserRequest("/admin/payments", adminCookie, form),
    context: database.context(),
    params: {},
  } as never);

describe("payments needing attention", () => {
  it("emails every admin (not users) once per session and reason", async () => {
    expect(await recordPaymentAttention(database.db, late)).toMatchObject({ reason: "paid_after_close" });
    expect(await recordPaymentAttention(database.db, late)).toBeNull();
    const emails = await database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.to.split(/,\s*/).sort()).toEqual(["director@example.org", "treasurer@example.org"]);
    expect(emails[0]!.text).toContain(
      "Refund the payment in Stripe, or, if the items are still available, complete the order by hand",
    );
  });

  it("the admin page lists each with what to do, an empty state when none, and Mark as resolved goes once, audited", async () => {
    expect(((await call(page.loader)) as { items: unknown[] }).items).toEqual([]);
    const row = (await recordPaymentAttention(database.db, late))!;
    const { items } = (await call(page.loader)) as { items: Array<Record<string, unknown>> };
    expect(items).toEqual([
      expect.objectContaining({
        title: "Paid after the checkout closed",
        amount: "$36.00",
        email: "payer@example.com",
        sessionId: "cs_test_late",
        paymentId: "pi_late",
        resolved: null,
      }),
    ]);
    // The sidebar counts it beside Payments until it is resolved.
    expect(((await call(layout.loader)) as { navCounts: Record<string, number> }).navCounts["/admin/payments"]).toBe(1);
    const first = (await call(page.action, { intent: "resolve", id: row.id })) as Response;
    expect(first.status).toBe(302);
    const resolved = await database.db.query.paymentsNeedingAttention.findFirst({
      where: eq(paymentsNeedingAttention.id, row.id),
    });
    expect(resolved).toMatchObject({ resolvedBy: "director@example.org" });
    expect(resolved!.resolvedAt).toBeInstanceOf(Date);
    expect(await database.db.$count(auditLog, eq(auditLog.action, "payment.resolve"))).toBe(1);
    expect(((await call(layout.loader)) as { navCounts: Record<string, number> }).navCounts["/admin/payments"]).toBe(0);
    // Again: nothing changes, no second audit entry.
    await call(page.action, { intent: "resolve", id: row.id });
    expect(await database.db.$count(auditLog, eq(auditLog.action, "payment.resolve"))).toBe(1);
  });

  it.each([
    { intent: "resolve", id: "not-a-uuid" },
    { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
    {},
  ])("answers 400 to a bad request %j", async (form) => {
    const answer = (await call(page.action, form as Record<string, string>)) as { init: { status: number } | null };
    expect(answer.init?.status).toBe(400);
  });
});
