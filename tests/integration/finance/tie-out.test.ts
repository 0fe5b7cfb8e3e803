import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import type { FinancePage } from "~/features/finance/page.server";
import { action as financeAction, loader as financeLoader } from "~/routes/admin/finance";
import { loader as exportLoader } from "~/routes/admin/finance-export";
import { browserRequest, signedInAccount } from "../../support/accounts";
import { createTestDatabase, type TestDatabase } from "../../support/database";
import { seededRandom } from "../../support/random";
import { testEnv } from "../../support/testbed";
import { aCampaign, aDispute, aMonthlyGift, aMonthlyGiftMonth, aPayment, aRefund } from "./season";

/**
 * The finance page ties out (decision 0053): over a generated season (entries, judge fees, products, gifts in three
 * campaigns and none, monthly gifts; refunds whole and partial, disputes won, lost and open), the page's totals
 * equal the sums of its CSVs' rows to the cent; and a refund at 23:59 and 00:01 New York time falls in its own day,
 * month and fiscal year. Through the route modules, as an admin's browser calls them.
 */
let database: TestDatabase;
let admin: Awaited<ReturnType<typeof signedInAccount>>;
let user: Awaited<ReturnType<typeof signedInAccount>>;

const pad = (n: number) => String(n).padStart(2, "0");

async function page(query: string): Promise<{ status: number; page: FinancePage }> {
  const result = (await financeLoader({
    request: browserRequest(`/admin/finance?${query}`, admin.cookie),
    context: database.context(),
    params: {},
  } as never)) as unknown as { init: { status?: number } | null; data: { page: FinancePage } };
  return { status: result.init?.status ?? 200, page: result.data.page };
}

async function csv(table: string, query: string, cookie = admin.cookie): Promise<Response> {
  return (await exportLoader({
    request: browserRequest(`/admin/finance/export/${table}.csv?${query}`, cookie),
    context: database.context(),
    params: { table: `${table}.csv` },
  } as never)) as Response;
}

async function rows(table: string, query: string): Promise<Record<string, string>[]> {
  const text = await (await csv(table, query)).text();
  return Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
}

const cents = (value: string) => {
  const negative = value.startsWith("-");
  const [whole, part = "0"] = value.replace("-", "").split(".");
  return (negative ? -1 : 1) * (Number(whole) * 100 + Number(part.padEnd(2, "0")));
};
const sum = (list: Record<string, string>[], column: string) =>
  list.reduce((total, row) => total + cents(row[column]!), 0);

beforeAll(async () => {
  setEnvForTests(testEnv("finance-tie-out"));
  database = await createTestDatabase();
  admin = await signedInAccount(database.db, "treasurer@example.org", "admin");
  user = await signedInAccount(database.db, "coach@example.org", "user");
  const db = database.db;
  const random = seededRandom(57);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const campaigns = [
    await aCampaign(db, "a", "Drive A"),
    await aCampaign(db, "b", "Drive B"),
    await aCampaign(db, "c", '=HYPERLINK("x")'),
    null,
  ];
  const monthly = await aMonthlyGift(db, "monthly@example.com", 1500);
  for (let i = 0; i < 160; i++) {
    const month = ((i % 12) + 6) % 12; // July first
    const year = month >= 6 ? 2025 : 2026;
    const when = `${year}-${pad(month + 1)}-${pad(1 + Math.floor(random() * 27))} ${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}`;
    const kind = pick(["entry", "judge", "product", "gift", "gift", "monthly"] as const);
    const amount = 500 + Math.floor(random() * 20_000);
    const payment =
      kind === "monthly"
        ? await aMonthlyGiftMonth(db, when, monthly, amount, "monthly@example.com")
        : await aPayment(db, when, [
            kind === "entry"
              ? {
                  itemName: "Entry Fee",
                  totalAmount: amount,
                  tournamentKey: `2026-0${1 + (i % 3)}-10|open-${i % 3}`,
                  tournamentName: `Open ${i % 3}`,
                  studentName: `S${i}`,
                  eventType: pick(["LD", "PF", "Congress"]),
                }
              : kind === "judge"
                ? {
                    itemName: "Judge Fee",
                    totalAmount: amount,
                    tournamentKey: `2026-0${1 + (i % 3)}-10|open-${i % 3}`,
                    tournamentName: `Open ${i % 3}`,
                  }
                : kind === "gift"
                  ? {
                      itemName: "Donation",
                      totalAmount: amount,
                      customerEmail: `d${i % 9}@example.com`,
                      campaignId: pick(campaigns),
                      eventType: pick([null, "memory:A", "honor:B"]),
                    }
                  : { itemName: "=SUM(A1:A9)", totalAmount: amount },
            // Every fifth checkout holds a second order: a whole refund at Stripe is spread over both.
            ...(i % 5 === 0 ? [{ itemName: "Hoodie", totalAmount: 3000 }] : []),
          ]);
    const [first, second] = payment.orderIds;
    const roll = random();
    const later = `${year}-${pad(month + 1)}-28 ${pad(Math.floor(random() * 24))}:30`;
    if (roll < 0.15)
      await aRefund(db, later, payment.checkoutId, { [first!]: amount, ...(second ? { [second]: 3000 } : {}) });
    else if (roll < 0.3) await aRefund(db, later, payment.checkoutId, { [first!]: Math.floor(amount / 3) });
    else if (roll < 0.35) await aRefund(db, later, payment.checkoutId, { [first!]: 100 }, "failed");
    else if (roll < 0.45)
      await aDispute(
        db,
        later,
        payment.checkoutId,
        { [first!]: amount },
        { status: "lost", closed: `${year + 1}-01-15 10:00` },
      );
    else if (roll < 0.5)
      await aDispute(
        db,
        later,
        payment.checkoutId,
        { [first!]: amount },
        { status: "won", closed: `${year}-12-30 10:00` },
      );
    else if (roll < 0.55)
      await aDispute(db, later, payment.checkoutId, { [first!]: amount }, { status: "needs_response" });
  }
  // The boundaries: refunds a minute either side of New York's midnight, at a fiscal year's end and a month's.
  const june = await aPayment(db, "2025-06-20 12:00", [{ itemName: "Hoodie", totalAmount: 5000 }]);
  await aRefund(db, "2025-06-30 23:59", june.checkoutId, { [june.orderIds[0]!]: 1111 });
  await aRefund(db, "2025-07-01 00:01", june.checkoutId, { [june.orderIds[0]!]: 2222 });
  const sept = await aPayment(db, "2025-09-02 12:00", [{ itemName: "Hoodie", totalAmount: 5000 }]);
  await aRefund(db, "2025-09-30 23:59", sept.checkoutId, { [sept.orderIds[0]!]: 333 });
  await aRefund(db, "2025-10-01 00:01", sept.checkoutId, { [sept.orderIds[0]!]: 444 });
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  setEnvForTests(undefined);
});

describe("the page's totals are the sums of its exports' rows", () => {
  const year = "period=fiscal&year=2025";

  it("gross, refunds and lost disputes, by stream, to the cent", async () => {
    const { page: shown } = await page(year);
    const lines = await rows("lines", year);
    const of = (type: string, stream?: string) =>
      lines.filter((row) => row.Type === type && (!stream || row.Stream === stream));
    expect(sum(of("Payment"), "Amount (USD)")).toBe(shown.figures.gross);
    expect(-sum(of("Refund"), "Amount (USD)")).toBe(shown.figures.refunds);
    expect(-sum(of("Lost dispute"), "Amount (USD)")).toBe(shown.figures.disputes);
    expect(sum(lines, "Amount (USD)")).toBe(shown.net);
    expect(shown.figures.refunds).toBeGreaterThan(0);
    expect(shown.figures.disputes).toBeGreaterThan(0);
    for (const [stream, label] of [
      ["entry", "Tournament entries"],
      ["gift", "One-time gifts"],
      ["monthly", "Monthly gifts"],
    ] as const) {
      expect(sum(of("Payment", label), "Amount (USD)")).toBe(shown.figures.streams[stream].payment);
      expect(of("Payment", label).length).toBe(shown.figures.streams[stream].count);
    }
    // A figure's own link: the rows behind the entries' gross.
    const entries = await rows("lines", `${year}&kind=payment&stream=entry`);
    expect(sum(entries, "Amount (USD)")).toBe(shown.figures.streams.entry.payment);
  });

  it("the figures, months, tournaments and campaigns tables", async () => {
    const { page: shown } = await page(year);
    const figures = await rows("streams", year);
    expect(cents(figures.find((row) => row.Figure === "Net")!["Amount (USD)"]!)).toBe(shown.net);
    const months = await rows("months", year);
    expect(months).toHaveLength(12);
    expect(sum(months, "Gross (USD)")).toBe(shown.figures.gross);
    expect(sum(months, "Net (USD)")).toBe(shown.net);
    const tournaments = await rows("tournaments", year);
    expect(sum(tournaments, "Entry fees (USD)")).toBe(shown.figures.streams.entry.payment);
    expect(sum(tournaments, "Judge fees (USD)")).toBe(shown.figures.streams.judge.payment);
    const events = await rows("events", year);
    expect(sum(events, "Fees (USD)")).toBe(shown.figures.streams.entry.payment);
    const campaigns = await rows("campaigns", year);
    expect(sum(campaigns, "Given (USD)")).toBe(
      shown.figures.streams.gift.payment + shown.figures.streams.monthly.payment,
    );
    const giving = await rows("giving", year);
    expect(sum(giving, "Monthly (USD)")).toBe(shown.figures.streams.monthly.payment);
  });

  it("writes every cell formula-safe and streams the ledger", async () => {
    const response = await csv("lines", year);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const text = await response.text();
    expect(text).toContain(`"'=SUM(A1:A9)"`);
    expect(text).not.toMatch(/(^|,)=SUM/m);
    const campaigns = await (await csv("campaigns", year)).text();
    expect(campaigns).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe("day boundaries, New York time", () => {
  it("counts a refund at 23:59 on its day and one at 00:01 on the next, across a fiscal year's end", async () => {
    const before = await rows("lines", "period=fiscal&year=2024&kind=refund");
    const after = await rows("lines", "period=fiscal&year=2025&kind=refund");
    expect(before.map((row) => row["Amount (USD)"])).toEqual(["-11.11"]);
    expect(before[0]!.Date).toBe("2025-06-30 23:59");
    expect(after.some((row) => row.Date === "2025-07-01 00:01" && row["Amount (USD)"] === "-22.22")).toBe(true);
  });

  it("and across a month's end", async () => {
    const { page: september } = await page("period=month&month=2025-09");
    const { page: october } = await page("period=month&month=2025-10");
    const sept = await rows("lines", "period=month&month=2025-09&kind=refund");
    const oct = await rows("lines", "period=month&month=2025-10&kind=refund");
    expect(sept.some((row) => row["Amount (USD)"] === "-3.33")).toBe(true);
    expect(sept.some((row) => row["Amount (USD)"] === "-4.44")).toBe(false);
    expect(oct.some((row) => row["Amount (USD)"] === "-4.44")).toBe(true);
    expect(-sum(sept, "Amount (USD)")).toBe(september.figures.refunds);
    expect(-sum(oct, "Amount (USD)")).toBe(october.figures.refunds);
    // A range of the two days holds both.
    const range = await rows("lines", "period=range&from=2025-09-30&to=2025-10-01&kind=refund");
    expect(range.map((row) => row["Amount (USD)"]).sort()).toEqual(["-3.33", "-4.44"]);
  });
});

describe("bad input and who may read", () => {
  it.each([
    ["period=month&month=2025-13", "Choose a month as YYYY-MM."],
    ["period=range&from=2025-10-01&to=2025-09-01", "The range ends before it starts."],
    ["period=<script>alert(1)</script>", "Choose a fiscal year, a month or a range of days."],
  ])("answers 400 with the reason for %s, showing the current fiscal year", async (query, message) => {
    const shown = await page(query);
    expect(shown.status).toBe(400);
    expect(shown.page.problem).toBe(message);
    expect(shown.page.period.kind).toBe("fiscal");
    await expect(csv("lines", query)).rejects.toMatchObject({ init: { status: 400 } });
  });

  it.each([
    ["lines", "period=fiscal&kind=bogus"],
    ["lines", "period=fiscal&stream=%27%20or%201%3D1"],
    ["lines", "period=fiscal&campaign=not-a-uuid"],
  ])("refuses a filter the page never links to: %s?%s", async (table, query) => {
    await expect(csv(table, query)).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("answers 404 for a table that does not exist", async () => {
    await expect(csv("secrets", "period=fiscal")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses a user without the admin role", async () => {
    await expect(csv("lines", "period=fiscal", user.cookie)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("saves the fiscal year's first month, refuses a bad one, and reads periods by it", async () => {
    const post = (form: Record<string, string>) =>
      financeAction({
        request: browserRequest("/admin/finance", admin.cookie, form),
        context: database.context(),
        params: {},
      } as never) as unknown as Promise<Response | { init: { status: number }; data: { error: string } }>;
    for (const bad of ["13", "0", "", "<script>", "7.5"]) {
      const answer = await post({ intent: "fiscal-start", startMonth: bad });
      expect(answer).toMatchObject({
        init: { status: 400 },
        data: { error: "Choose the month the fiscal year starts in." },
      });
    }
    const saved = await post({ intent: "fiscal-start", startMonth: "1" });
    expect((saved as Response).status).toBe(302);
    const { page: calendar } = await page("period=fiscal&year=2025");
    expect(calendar.period).toMatchObject({ from: "2025-01-01", to: "2025-12-31" });
    expect(calendar.startMonth).toBe(1);
    await post({ intent: "fiscal-start", startMonth: "7" });
    expect((await page("")).page.startMonth).toBe(7);
  });
});
