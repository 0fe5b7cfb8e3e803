import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { auditLog, checkouts, givingSummaries, orders } from "~/db/schema";
import { emailOutbox } from "~/db/schema/email";
import { rateLimits } from "~/db/schema/rate-limits";
import { setPaymentProviderForTests } from "~/features/payments/providers.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { createScratchDatabase } from "#tests/support/scratch-database";
import { fulfilPaid, postDonation, useDonationTestEnv, useTestProvider, validDonation } from "#tests/support/donations";
import { NO_GOODS_OR_SERVICES } from "../receipt";
import { districtYearMonth } from "./summary";
import { runJanuarySummaries } from "./job.server";
import { givingSummariesPage, sendSummaryAsStaff, staffSummaryLimits } from "./admin.server";
import { requireUser } from "~/features/accounts/guards.server";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { handleSummaryRequest, SUMMARIES_PER_RECIPIENT, SUMMARY_REQUESTS_PER_ADDRESS } from "./request.server";
import type { SummaryRequestData } from "./schema";
import { listSentSummaries, previewGivingSummary, sendGivingSummary } from "./summaries.server";

let database: TestDatabase;
beforeAll(async () => {
  useDonationTestEnv();
  useTestProvider();
  database = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests(undefined);
  setPaymentProviderForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(givingSummaries);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimits);
});

type Gift = {
  email: string;
  cents: number;
  at: string;
  refunded?: number;
  tribute?: string;
  provider?: "stripe" | "sandbox";
  name?: string;
};

/** A paid gift as fulfilment leaves it: a completed donation checkout and its completed orders row. */
async function gift(db: DatabaseHandle["db"], input: Gift) {
  const at = new Date(input.at);
  const [checkout] = await db
    .insert(checkouts)
    .values({
      kind: "donation",
      status: "completed",
      provider: input.provider ?? "stripe",
      email: input.email,
      totalAmount: input.cents,
      publicTokenHash: randomBytes(24).toString("base64url"),
      expiresAt: at,
      completedAt: at,
      createdAt: at,
    })
    .returning();
  await db.insert(orders).values({
    itemName: "Donation",
    itemDescription: "Donation to Citron Online District",
    studentName: input.name ?? "Ruth Adler",
    eventType: input.tribute ?? null,
    totalAmount: input.cents,
    customerEmail: input.email,
    status: "completed",
    checkoutId: checkout!.id,
    refundedAmount: input.refunded ?? 0,
    createdAt: at,
  });
}

const outbox = () => database.db.select().from(emailOutbox);
const JANUARY = new Date("2027-01-03T15:00:00Z");

describe("the summary as read from the database", () => {
  it("lists the year's gifts in New York time, leaves refunded gifts out and keeps what a partial refund left", async () => {
    const email = "ruth.adler@example.com";
    await gift(database.db, { email, cents: 5000, at: "2026-03-02T15:00:00Z", tribute: "memory:Rabbi Samuel Katz" });
    await gift(database.db, {
      email: "Ruth.Adler@Example.com",
      cents: 2500,
      at: "2026-06-10T15:00:00Z",
      refunded: 1000,
    });
    await gift(database.db, { email, cents: 9900, at: "2026-08-01T15:00:00Z", refunded: 9900 });
    // 11:30 PM on New Year's Eve in New York is still 2026; 12:30 AM on January 1st is 2027.
    await gift(database.db, { email, cents: 1000, at: "2027-01-01T04:30:00Z" });
    await gift(database.db, { email, cents: 700, at: "2027-01-01T05:30:00Z" });
    await gift(database.db, { email: "someone.else@example.com", cents: 100_000, at: "2026-05-01T15:00:00Z" });

    const summary = await previewGivingSummary(database.db, " RUTH.ADLER@example.com ", 2026);
    expect(summary.gifts.map((g) => g.amountCents)).toEqual([5000, 1500, 1000]);
    expect(summary.gifts[0]!.tribute).toBe("In memory of Rabbi Samuel Katz");
    expect(summary.gifts[1]!.givenCents).toBe(2500);
    expect(summary.totalCents).toBe(7500);
    expect(summary.email).toBe("ruth.adler@example.com");
  });

  it("counts a real gift made through the donation form and marks a sandbox one as a test", async () => {
    expect((await postDonation(database, { ...validDonation, coverFee: "" })).status).toBe(200);
    const [checkout] = await database.db.select().from(checkouts);
    expect(await fulfilPaid(database.db, checkout!.id)).toBe(true);
    const { year } = districtYearMonth(new Date());
    const summary = await previewGivingSummary(database.db, validDonation.email, year);
    expect(summary.gifts).toHaveLength(1);
    expect(summary.totalCents).toBe(5000);
    expect(summary.test).toBe(true);
    expect(summary.gifts[0]!.receiptNumber).toMatch(/^D-\d{4}-[0-9A-F]{8}$/);
  });
});

describe("the January job", () => {
  it("does nothing outside January", async () => {
    await gift(database.db, { email: "a@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    expect(await runJanuarySummaries(database.db, new Date("2026-12-31T12:00:00Z"))).toEqual({
      year: null,
      sent: 0,
      skipped: 0,
    });
    // Midnight of February 1st in New York is past January, though still January 31st... in UTC it is February.
    expect((await runJanuarySummaries(database.db, new Date("2027-02-01T05:30:00Z"))).year).toBeNull();
    expect(await outbox()).toHaveLength(0);
  });

  it("starts at midnight on January 1st in New York (05:00 UTC), sends each donor of last year once, and never again", async () => {
    await gift(database.db, { email: "a@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    await gift(database.db, { email: "A@example.com", cents: 2000, at: "2026-04-02T15:00:00Z" });
    await gift(database.db, {
      email: "b@example.com",
      cents: 3000,
      at: "2026-05-02T15:00:00Z",
      tribute: "honor:Coach Lee",
    });
    await gift(database.db, { email: "refunded@example.com", cents: 3000, at: "2026-05-02T15:00:00Z", refunded: 3000 });
    await gift(database.db, { email: "this-year@example.com", cents: 3000, at: "2027-01-02T15:00:00Z" });
    expect((await runJanuarySummaries(database.db, new Date("2027-01-01T04:59:00Z"))).year).toBeNull();

    const first = await runJanuarySummaries(database.db, new Date("2027-01-01T05:01:00Z"), { batchSize: 1 });
    expect(first).toEqual({ year: 2026, sent: 2, skipped: 1 });
    const mail = await outbox();
    expect(mail.map((m) => m.to).sort()).toEqual(["a@example.com", "b@example.com"]);
    const a = mail.find((m) => m.to === "a@example.com")!;
    expect(a.subject).toBe("Your 2026 giving summary from Citron Online District");
    expect(a.text).toContain("Total 2026: $70.00");
    expect(a.text).toContain("Citron Online District, Inc.");
    expect(a.text).toContain("12-3456789");
    expect(a.text).toContain(NO_GOODS_OR_SERVICES);
    expect(mail.find((m) => m.to === "b@example.com")!.text).toContain("In honor of Coach Lee");

    expect(await runJanuarySummaries(database.db, JANUARY)).toEqual({ year: 2026, sent: 0, skipped: 0 });
    expect(await outbox()).toHaveLength(2);
    const rows = await database.db.select().from(givingSummaries);
    expect(rows.map((r) => `${r.email}:${r.source}:${r.giftCount}:${r.emailId ? "sent" : "none"}`).sort()).toEqual([
      "a@example.com:job:2:sent",
      "b@example.com:job:1:sent",
      "refunded@example.com:job:0:none",
    ]);
  });

  it("skips a donor who asked for the same summary this January, and sends a correction when it changed", async () => {
    await gift(database.db, { email: "a@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    await gift(database.db, { email: "b@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    await sendGivingSummary(database.db, { email: "a@example.com", year: 2026, source: "request" });
    await sendGivingSummary(database.db, { email: "b@example.com", year: 2026, source: "request" });
    await database.db.update(orders).set({ refundedAmount: 2000 }).where(eq(orders.customerEmail, "b@example.com"));
    expect(await runJanuarySummaries(database.db, JANUARY)).toEqual({ year: 2026, sent: 1, skipped: 1 });
    const mail = await outbox();
    expect(mail).toHaveLength(3);
    const correction = mail.find((m) => m.subject.startsWith("Corrected"))!;
    expect(correction.to).toBe("b@example.com");
    expect(correction.text).toContain("replaces the one we sent on");
    expect(correction.text).toContain("$30.00 ($50.00 given, $20.00 refunded)");
  });

  it("sends once when two instances run it at the same moment", async () => {
    const emails = Array.from({ length: 12 }, (_, index) => `donor${index}@example.com`);
    for (const email of emails) await gift(database.db, { email, cents: 1000, at: "2026-07-04T15:00:00Z" });

    // Two instances: on PostgreSQL, two connection pools to one database; on PGlite, two runs on its one connection.
    const adminUrl = process.env.TEST_DATABASE_URL;
    let handles: DatabaseHandle[] = [database, database];
    let cleanup = async () => {};
    if (adminUrl) {
      const scratch = await createScratchDatabase(adminUrl, "citron_summary");
      const first = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
      await migrateDatabase(first);
      const second = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 4 });
      for (const email of emails) await gift(first.db, { email, cents: 1000, at: "2026-07-04T15:00:00Z" });
      handles = [first, second];
      cleanup = async () => {
        await first.close();
        await second.close();
        await scratch.drop();
      };
    }
    try {
      const runs = await Promise.all(
        handles.map((handle) => runJanuarySummaries(handle.db, JANUARY, { batchSize: 5 })),
      );
      expect(runs[0]!.sent + runs[1]!.sent).toBe(12);
      const sent = await handles[0]!.db.select({ to: emailOutbox.to }).from(emailOutbox);
      expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
      const claims = await handles[0]!.db.select().from(givingSummaries);
      expect(claims).toHaveLength(12);
      expect(await runJanuarySummaries(handles[1]!.db, JANUARY)).toEqual({ year: 2026, sent: 0, skipped: 0 });
    } finally {
      await cleanup();
    }
  });
});

async function ask(
  body: Record<string, string> | string,
  options: { clientAddress?: string; now?: Date; contentType?: string } = {},
) {
  const payload = typeof body === "string" ? body : new URLSearchParams(body).toString();
  const request = new Request("http://localhost/donate/summary", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": options.contentType ?? "application/x-www-form-urlencoded" },
  });
  const context = database.context({ clientAddress: options.clientAddress ?? "203.0.113.9" });
  const result = (await handleSummaryRequest(request, context, options.now ?? JANUARY)) as unknown as {
    data: SummaryRequestData;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
}

describe("the donor's request form", () => {
  it("answers the same for a donor and for an address that never gave, and mails only the donor", async () => {
    await gift(database.db, { email: "ruth.adler@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    const donor = await ask({ email: "Ruth.Adler@example.com", year: "2026", website: "" });
    const stranger = await ask(
      { email: "nobody@example.com", year: "2026", website: "" },
      { clientAddress: "203.0.113.10" },
    );
    expect(donor.status).toBe(200);
    expect(stranger).toEqual(donor);
    const mail = await outbox();
    expect(mail.map((m) => m.to)).toEqual(["ruth.adler@example.com"]);
    const sent = await listSentSummaries(database.db);
    expect(sent.rows.map((r) => [r.email, r.source])).toEqual([["ruth.adler@example.com", "request"]]);
  });

  it("defaults to last year, and refuses a year not offered", async () => {
    await gift(database.db, { email: "ruth.adler@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    const answer = await ask({ email: "ruth.adler@example.com" });
    expect(answer.data).toMatchObject({ status: "sent", year: 2026 });
    expect(await outbox()).toHaveLength(1);
    for (const year of ["1999", "2028", "2026.5", "abc", "-1"]) {
      const bad = await ask({ email: "ruth.adler@example.com", year }, { clientAddress: `198.51.100.${year.length}` });
      expect(bad.status).toBe(400);
    }
    expect(await outbox()).toHaveLength(1);
  });

  it("is rate limited per address with a 429 and Retry-After, the same for known and unknown emails", async () => {
    for (let index = 0; index < SUMMARY_REQUESTS_PER_ADDRESS.max; index++) {
      expect((await ask({ email: `x${index}@example.com` })).status).toBe(200);
    }
    const limited = await ask({ email: "ruth.adler@example.com" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await ask({ email: "y@example.com" }, { clientAddress: "203.0.113.77" })).toMatchObject({ status: 200 });
  });

  it("sends one mailbox at most a few a day, answering the same after that", async () => {
    await gift(database.db, { email: "ruth.adler@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    const answers = [];
    for (let index = 0; index < SUMMARIES_PER_RECIPIENT.max + 2; index++) {
      answers.push(await ask({ email: "ruth.adler@example.com", year: "2026" }, { clientAddress: `192.0.2.${index}` }));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(await outbox()).toHaveLength(SUMMARIES_PER_RECIPIENT.max);
  });

  it("turns hostile input away without sending anything", async () => {
    await gift(database.db, { email: "ruth.adler@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    const cases: Array<[Record<string, string> | string, number, string?]> = [
      [{ email: "ruth.adler@example.com, victim@example.com" }, 400],
      [{ email: "ruth.adler@example.com\r\nBcc: victim@example.com" }, 400],
      [{ email: `${"a".repeat(250)}@example.com` }, 400],
      [{ email: "" }, 400],
      [{ email: "<script>alert(1)</script>@example.com" }, 400],
      ['{"email":"ruth.adler@example.com"}', 415, "application/json"],
      [`email=ruth.adler%40example.com&pad=${"x".repeat(10_000)}`, 413],
    ];
    let index = 0;
    for (const [body, status, contentType] of cases) {
      const answer = await ask(body, {
        clientAddress: `198.51.100.${index++}`,
        ...(contentType ? { contentType } : {}),
      });
      expect({ body, status: answer.status }).toEqual({ body, status });
    }
    // The honeypot: answered as if sent, nothing sent.
    const trapped = await ask(
      { email: "ruth.adler@example.com", website: "https://spam.example" },
      { clientAddress: "198.51.100.200" },
    );
    expect(trapped.data).toMatchObject({ status: "sent" });
    expect(await outbox()).toHaveLength(0);
    expect(await database.db.select().from(givingSummaries)).toHaveLength(0);
  });
});

describe("staff sends", () => {
  it("records who sent it and leaves a year without gifts unsent", async () => {
    await gift(database.db, { email: "ruth.adler@example.com", cents: 5000, at: "2026-03-02T15:00:00Z" });
    const sent = await sendGivingSummary(database.db, {
      email: "ruth.adler@example.com",
      year: 2026,
      source: "staff",
      actorEmail: "admin@example.org",
    });
    expect(sent.sent).toBe(true);
    const none = await sendGivingSummary(database.db, {
      email: "ruth.adler@example.com",
      year: 2025,
      source: "staff",
      actorEmail: "admin@example.org",
    });
    expect(none.sent).toBe(false);
    const list = await listSentSummaries(database.db, { email: "RUTH.ADLER@example.com" });
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      source: "staff",
      actorEmail: "admin@example.org",
      year: 2026,
      totalCents: 5000,
      corrected: false,
    });
  });
});

/** What the route does before the feature: the signed-in staff member (the route's guard), and the posted form. */
const staff = (cookie: string) => requireUser(browserRequest("/admin/donations/summaries", cookie), database.context());
function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the staff page", () => {
  it("previews a donor's year for a signed-in staff member, sends it, and lists it with who sent it", async () => {
    const { cookie } = await signedInAccount(database.db, "coach@example.org", "user");
    await gift(database.db, {
      email: "ruth.adler@example.com",
      cents: 5000,
      at: "2026-03-02T15:00:00Z",
      tribute: "memory:Rabbi Samuel Katz",
    });
    await gift(database.db, {
      email: "ruth.adler@example.com",
      cents: 2000,
      at: "2026-04-02T15:00:00Z",
      refunded: 2000,
    });
    const page = await givingSummariesPage(
      database.db,
      new URL(`http://localhost${"/admin/donations/summaries?email=Ruth.Adler%40example.com&year=2026"}`),
      JANUARY,
    );
    expect(page.preview?.gifts).toHaveLength(1);
    expect(page.emailPreview?.text).toContain("In memory of Rabbi Samuel Katz");
    expect(await outbox()).toHaveLength(0);

    const sent = (await sendSummaryAsStaff(
      database.db,
      await staff(cookie),
      formData({ email: "ruth.adler@example.com", year: "2026" }),
      JANUARY,
    )) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/admin/donations/summaries?email=ruth.adler%40example.com&year=2026");
    expect((await outbox()).map((m) => m.to)).toEqual(["ruth.adler@example.com"]);
    const after = await givingSummariesPage(
      database.db,
      new URL(`http://localhost${"/admin/donations/summaries"}`),
      JANUARY,
    );
    expect(after.sent.rows).toMatchObject([
      {
        email: "ruth.adler@example.com",
        source: "staff",
        actorEmail: "coach@example.org",
        giftCount: 1,
        totalCents: 5000,
      },
    ]);

    // Hostile or mistaken input: a bad year or address sends nothing.
    for (const form of [
      { email: "ruth.adler@example.com", year: "1990" },
      { email: "a@example.com, b@example.com", year: "2026" },
    ]) {
      const refused = (await sendSummaryAsStaff(
        database.db,
        await staff(cookie),
        formData(form),
        JANUARY,
      )) as unknown as {
        init: ResponseInit | null;
      };
      expect(refused.init?.status).toBe(400);
    }
    expect(await outbox()).toHaveLength(1);
  });

  it("limits staff sends per staff member and per donor, and audits each one (decision 0037)", async () => {
    const { cookie } = await signedInAccount(database.db, "limited.coach@example.org", "user");
    const donors = Array.from({ length: staffSummaryLimits.perStaffMember.max + 1 }, (_, i) => `donor${i}@example.com`);
    for (const email of donors.slice(0, 2)) await gift(database.db, { email, cents: 1000, at: "2026-05-02T15:00:00Z" });
    const send = async (email: string) => {
      const answer = (await sendSummaryAsStaff(
        database.db,
        await staff(cookie),
        formData({ email, year: "2026" }),
        JANUARY,
      )) as Response | { data: { error?: string }; init: ResponseInit | null };
      return answer instanceof Response ? { status: answer.status } : { status: answer.init?.status, ...answer.data };
    };
    const before = (await outbox()).length;
    // One donor: three a day from staff, then refused with a sentence.
    for (let i = 0; i < staffSummaryLimits.perDonor.max; i++) expect((await send(donors[0]!)).status).toBe(302);
    const perDonor = await send(donors[0]!);
    expect(perDonor).toMatchObject({ status: 429, error: expect.stringMatching(/already sent 3 summaries/) });
    expect((await outbox()).length - before).toBe(staffSummaryLimits.perDonor.max);
    // Every send is in the audit log, with who sent it to whom.
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.action, "donation.summary_send"));
    expect(audited.filter((row) => row.actorEmail === "limited.coach@example.org")).toHaveLength(3);
    expect(audited[audited.length - 1]).toMatchObject({ targetEmail: donors[0] });
    // One staff member: at most perStaffMember an hour, to anyone (the refused one above counted too).
    const results = [];
    for (const email of donors.slice(1)) results.push((await send(email)).status);
    expect(results.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(results.filter((status) => status !== 429)).toHaveLength(staffSummaryLimits.perStaffMember.max - 4);
  });
});
