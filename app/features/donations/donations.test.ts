import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Order } from "~/db/schema";
import { donationsCsv } from "./donation-csv";
import { memorialLabel, parseMemorial } from "~/features/payments/memorial";
import { donationSummary, fillMonths, monthKeyInNewYork } from "./totals";

describe("memorial and honor gifts (event_type memory:... / honor:...)", () => {
  it.each([
    ["memory:Rabbi Samuel Katz", { type: "memory", details: "Rabbi Samuel Katz" }, "In memory of Rabbi Samuel Katz"],
    ["honor:Coach Levine", { type: "honor", details: "Coach Levine" }, "In honor of Coach Levine"],
    ["Honor:  Grandma Ruth ", { type: "honor", details: "Grandma Ruth" }, "In honor of Grandma Ruth"],
    ["memory:", null, ""],
    ["Public Forum", null, ""],
    [null, null, ""],
    ["memory:a:b", { type: "memory", details: "a:b" }, "In memory of a:b"],
  ])("%j", (eventType, parsed, label) => {
    expect(parseMemorial(eventType)).toEqual(parsed);
    expect(memorialLabel(eventType)).toBe(label);
  });
});

describe("summary cards", () => {
  it("averages total over count, rounded to the cent", () => {
    expect(donationSummary(10_000, 3)).toEqual({ totalCents: 10_000, count: 3, averageCents: 3333 });
  });
  it("is $0.00 with no donations", () => {
    expect(donationSummary(0, 0)).toEqual({ totalCents: 0, count: 0, averageCents: 0 });
  });
});

describe("months for the chart", () => {
  it("fills twelve months ending this month, across a year boundary", () => {
    const months = fillMonths([{ month: "2026-01", totalCents: 5000, count: 2 }], "2026-02");
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe("2025-03");
    expect(months.at(-2)).toEqual({ month: "2026-01", totalCents: 5000, count: 2 });
    expect(months.at(-1)).toEqual({ month: "2026-02", totalCents: 0, count: 0 });
  });
  it("uses the New York month", () => {
    expect(monthKeyInNewYork(new Date("2026-03-01T03:00:00Z"))).toBe("2026-02");
  });
});

describe("donations CSV", () => {
  it("has the table's columns", () => {
    const donation: Order = {
      id: "0b5e0b6e-8f0e-4d39-9a0e-2a4a8a1b1c01",
      createdAt: new Date("2026-05-10T14:00:00Z"),
      itemName: "Donation",
      itemDescription: "Donation in memory of Rabbi Samuel Katz",
      itemQuantity: 1,
      studentName: "Ruth Adler",
      studentSchool: null,
      tournamentName: null,
      tournamentDate: null,
      eventType: "memory:Rabbi Samuel Katz",
      totalAmount: 18_000,
      customerEmail: "ruth.adler@example.com",
      status: "completed",
      checkoutId: null,
      productId: null,
      registration: null,
      refundedAmount: 3000,
      disputedAmount: 0,
      disputeLostAmount: 0,
      campaignId: null,
      tournamentKey: null,
      droppedAt: null,
      entryCode: null,
    };
    const [header, row] = Papa.parse<string[]>(donationsCsv([donation])).data;
    expect(header).toEqual([
      "Date",
      "Donor Name",
      "Email",
      "Amount (USD)",
      "Memorial/Honor",
      "Description",
      "Order ID",
      "Refunded (USD)",
      "Disputed (USD)",
      "Lost in disputes (USD)",
      "Kept (USD)",
      "Monthly",
      "Campaign",
    ]);
    expect(row).toEqual([
      "2026-05-10 10:00",
      "Ruth Adler",
      "ruth.adler@example.com",
      "180.00",
      "In memory of Rabbi Samuel Katz",
      "Donation in memory of Rabbi Samuel Katz",
      donation.id,
      "30.00",
      "0.00",
      "0.00",
      "150.00",
      "",
      "",
    ]);
    const [, monthlyRow] = Papa.parse<string[]>(
      donationsCsv([{ ...donation, checkoutId: "c1" }], new Set(["c1"])),
    ).data;
    expect(monthlyRow!.at(-2)).toBe("yes");
  });
});
