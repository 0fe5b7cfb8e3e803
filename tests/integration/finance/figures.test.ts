import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodFigures, type PeriodFigures } from "~/features/finance/figures/figures.server";
import { fiscalPeriod } from "~/features/finance/period/period";
import { createTestDatabase, type TestDatabase } from "../../support/database";
import { aCampaign, aDispute, aMonthlyGift, aMonthlyGiftMonth, aPayment, aRefund } from "./season";

/**
 * Each figure of the finance page (decision 0053), cash basis, on both engines: a small season whose
 * every line is known, and the day boundaries (a refund a minute before and after New York's midnight).
 */
let database: TestDatabase;
let figures: PeriodFigures;
const T1 = "2025-10-04|fall-open";

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const entry = { itemName: "Citron Tournament Entry Fee", tournamentKey: T1, tournamentName: "Fall Open" };
  // One checkout holding an entry, a judge fee and a T-shirt: three orders, each counted once.
  const cart = await aPayment(db, "2025-09-10 10:00", [
    { ...entry, totalAmount: 2500, studentName: "Ana Li", eventType: "Lincoln-Douglas", tournamentDate: "2025-10-04" },
    { ...entry, itemName: "Judge Fee", totalAmount: 5000, tournamentDate: "2025-10-04" },
    { itemName: "T-Shirt", totalAmount: 4000, itemQuantity: 2 },
  ]);
  // A second entry, dropped and refunded in full ten days later.
  const dropped = await aPayment(db, "2025-09-11 09:00", [
    {
      ...entry,
      totalAmount: 2500,
      studentName: "Ben Ng",
      eventType: "Public Forum",
      tournamentDate: "2025-10-04",
      droppedAt: new Date("2025-09-21T15:00:00Z"),
    },
  ]);
  await aRefund(db, "2025-09-21 11:00", dropped.checkoutId, { [dropped.orderIds[0]!]: 2500 });
  // A part of the T-shirt refunded; a failed refund counts nothing.
  await aRefund(db, "2025-09-15 12:00", cart.checkoutId, { [cart.orderIds[2]!]: 1000 });
  await aRefund(db, "2025-09-16 12:00", cart.checkoutId, { [cart.orderIds[2]!]: 500 }, "failed");
  // Gifts: one in a campaign, in memory, partly refunded; one with no campaign; a monthly gift's two months.
  const spring = await aCampaign(db, "spring", "Spring Drive");
  const gift = await aPayment(db, "2025-11-02 08:00", [
    {
      itemName: "Donation",
      totalAmount: 10_000,
      customerEmail: "ruth@example.com",
      campaignId: spring,
      eventType: "memory:Grandpa Joe",
    },
  ]);
  await aRefund(db, "2026-01-05 09:00", gift.checkoutId, { [gift.orderIds[0]!]: 3000 });
  await aPayment(db, "2025-11-03 08:00", [
    { itemName: "Donation", totalAmount: 2000, customerEmail: "old@example.com", eventType: "honor:Ms. Park" },
  ]);
  // old@example.com gave before the year: returning; ruth and the monthly donor are new.
  await aPayment(db, "2025-03-01 08:00", [
    { itemName: "Donation", totalAmount: 700, customerEmail: "old@example.com" },
  ]);
  const monthly = await aMonthlyGift(db, "mo@example.com", 2500);
  await aMonthlyGiftMonth(db, "2025-12-01 06:00", monthly, 2500, "mo@example.com");
  await aMonthlyGiftMonth(db, "2026-01-01 06:00", monthly, 2500, "mo@example.com");
  // Disputes: one lost (counted the day it was lost), one won and one open (neither counted).
  const shirt = await aPayment(db, "2025-08-01 12:00", [{ itemName: "Hoodie", totalAmount: 6000 }]);
  await aDispute(
    db,
    "2025-08-20 12:00",
    shirt.checkoutId,
    { [shirt.orderIds[0]!]: 6000 },
    {
      status: "lost",
      closed: "2025-10-01 12:00",
    },
  );
  const won = await aPayment(db, "2025-08-02 12:00", [{ itemName: "Hoodie", totalAmount: 6000 }]);
  await aDispute(
    db,
    "2025-08-21 12:00",
    won.checkoutId,
    { [won.orderIds[0]!]: 6000 },
    {
      status: "won",
      closed: "2025-10-02 12:00",
    },
  );
  await aDispute(db, "2025-08-22 12:00", cart.checkoutId, { [cart.orderIds[0]!]: 2500 }, { status: "needs_response" });
  // Outside the year: a payment of June 30 and a failed checkout's order count nothing.
  await aPayment(db, "2025-06-30 23:59", [{ itemName: "Hoodie", totalAmount: 999 }]);
  figures = await periodFigures(db, fiscalPeriod(2025, 7));
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe("the figures of a fiscal year, cash basis", () => {
  it("adds gross by stream, each order of a checkout once", () => {
    expect(figures.streams.entry.payment).toBe(5000);
    expect(figures.streams.entry.count).toBe(2);
    expect(figures.streams.judge.payment).toBe(5000);
    expect(figures.streams.product.payment).toBe(4000 + 6000 + 6000);
    expect(figures.streams.gift.payment).toBe(12_000);
    expect(figures.streams.monthly.payment).toBe(5000);
    expect(figures.gross).toBe(5000 + 5000 + 16_000 + 12_000 + 5000);
  });

  it("counts refunds that count, partial ones by their amount, on their own day", () => {
    expect(figures.streams.entry.refund).toBe(2500);
    expect(figures.streams.product.refund).toBe(1000);
    expect(figures.streams.gift.refund).toBe(3000);
    expect(figures.refunds).toBe(6500);
    expect(figures.months.find((month) => month.month === "2026-01")).toEqual({
      month: "2026-01",
      payment: 2500,
      refund: 3000,
      dispute: 0,
    });
  });

  it("counts a lost dispute on the day it was lost, never a won or open one", () => {
    expect(figures.disputes).toBe(6000);
    expect(figures.months.find((month) => month.month === "2025-10")?.dispute).toBe(6000);
    expect(figures.months.find((month) => month.month === "2025-08")).toEqual({
      month: "2025-08",
      payment: 12_000,
      refund: 0,
      dispute: 0,
    });
  });

  it("adds up by tournament and by event, drops and their refunds apart", () => {
    expect(figures.tournaments).toEqual([
      {
        key: T1,
        name: "Fall Open",
        date: "2025-10-04",
        entries: 2,
        entryFees: 5000,
        judgeFees: 5000,
        drops: 1,
        dropRefunds: 2500,
        refunds: 2500,
        disputes: 0,
        net: 7500,
        events: [
          { event: "Lincoln-Douglas", entries: 1, fees: 2500 },
          { event: "Public Forum", entries: 1, fees: 2500 },
        ],
      },
    ]);
  });

  it("adds up giving by campaign, by month, donors new and returning, tributes", () => {
    expect(figures.giving.campaigns).toEqual([
      { id: expect.any(String), name: "Spring Drive", gifts: 1, gross: 10_000, refunds: 3000, disputes: 0, kept: 7000 },
      { id: null, name: "No campaign", gifts: 3, gross: 7000, refunds: 0, disputes: 0, kept: 7000 },
    ]);
    expect(figures.giving.months).toEqual([
      { month: "2025-11", oneTime: 12_000, oneTimeCount: 2, monthly: 0, monthlyCount: 0 },
      { month: "2025-12", oneTime: 0, oneTimeCount: 0, monthly: 2500, monthlyCount: 1 },
      { month: "2026-01", oneTime: 0, oneTimeCount: 0, monthly: 2500, monthlyCount: 1 },
    ]);
    expect(figures.giving.donors).toEqual({ total: 3, new: 2, returning: 1 });
    expect(figures.giving.tributes).toEqual({ memoryCount: 1, memory: 10_000, honorCount: 1, honor: 2000 });
  });
});
