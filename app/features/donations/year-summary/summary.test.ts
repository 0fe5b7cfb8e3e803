import { describe, expect, it } from "vitest";
import { NO_GOODS_OR_SERVICES } from "../receipt";
import {
  buildGivingSummary,
  correctsEarlier,
  defaultSummaryYear,
  districtYearMonth,
  giftLine,
  givingSummaryEmail,
  summaryYears,
  yearStart,
  type SummaryGiftRow,
} from "./summary";
import { summaryRequestSchema } from "./schema";

const row = (overrides: Partial<SummaryGiftRow>): SummaryGiftRow => ({
  orderId: "o",
  createdAt: new Date("2026-03-02T15:00:00Z"),
  totalAmount: 5000,
  refundedAmount: 0,
  disputedAmount: 0,
  eventType: null,
  donorName: "Ruth Adler",
  checkoutId: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
  checkoutCreatedAt: new Date("2026-03-02T14:55:00Z"),
  provider: "stripe",
  ...overrides,
});

const identity = { legalName: "Citron Online District, Inc.", taxId: "12-3456789", siteName: "Citron Online District" };

describe("buildGivingSummary", () => {
  it("sorts by date, leaves whole refunds out, lists partial refunds and disputes at what was kept, names the donor as on the latest gift", () => {
    const summary = buildGivingSummary(
      [
        row({ createdAt: new Date("2026-09-01T15:00:00Z"), totalAmount: 2500, refundedAmount: 500 }),
        row({ createdAt: new Date("2026-05-01T15:00:00Z"), totalAmount: 9900, refundedAmount: 9900 }),
        row({ createdAt: new Date("2026-02-01T15:00:00Z"), eventType: "honor:Coach Lee" }),
        row({
          createdAt: new Date("2026-10-01T15:00:00Z"),
          totalAmount: 3000,
          disputedAmount: 3000,
          donorName: "Ruth A. Adler",
        }),
      ],
      { year: 2026, email: " Ruth.Adler@Example.com " },
    );
    expect(summary.gifts.map((gift) => gift.amountCents)).toEqual([5000, 2000]);
    expect(summary.totalCents).toBe(7000);
    expect(summary.email).toBe("ruth.adler@example.com");
    expect(summary.donorName).toBe("Ruth A. Adler");
    expect(summary.gifts[0]!.tribute).toBe("In honor of Coach Lee");
    expect(summary.gifts[0]!.receiptNumber).toBe("D-2026-0F1E2D3C");
    expect(summary.test).toBe(false);
  });

  it("has no gifts and a zero total when everything was refunded", () => {
    const summary = buildGivingSummary([row({ refundedAmount: 5000 })], { year: 2026, email: "a@example.com" });
    expect(summary.gifts).toEqual([]);
    expect(summary.totalCents).toBe(0);
  });

  it("keeps a gift made before online checkout (no checkout, no receipt number)", () => {
    const summary = buildGivingSummary([row({ checkoutId: null, checkoutCreatedAt: null, provider: null })], {
      year: 2026,
      email: "a@example.com",
    });
    expect(summary.gifts[0]!.receiptNumber).toBeNull();
    expect(giftLine(summary.gifts[0]!)).toBe("$50.00");
  });
});

describe("giftLine and the email", () => {
  it("words a partial refund, a tribute and the receipt", () => {
    const [gift] = buildGivingSummary(
      [row({ totalAmount: 2500, refundedAmount: 1000, eventType: "memory:Rabbi Samuel Katz" })],
      {
        year: 2026,
        email: "a@example.com",
      },
    ).gifts;
    expect(giftLine(gift!)).toBe(
      "$15.00 ($25.00 given, $10.00 refunded) · In memory of Rabbi Samuel Katz · receipt D-2026-0F1E2D3C",
    );
  });

  it("carries the total, the legal name, the EIN and the no-goods-or-services statement, to the donor only", () => {
    const summary = buildGivingSummary(
      [row({}), row({ createdAt: new Date("2026-12-01T15:00:00Z"), totalAmount: 1234 })],
      { year: 2026, email: "a@example.com" },
    );
    const email = givingSummaryEmail(summary, identity);
    expect(email.to).toBe("a@example.com");
    expect(email.subject).toBe("Your 2026 giving summary from Citron Online District");
    expect(email.text).toContain("March 2, 2026: $50.00 · receipt D-2026-0F1E2D3C");
    expect(email.text).toContain("Total 2026: $62.34");
    expect(email.text).toContain("Organization: Citron Online District, Inc.");
    expect(email.text).toContain("EIN (tax ID): 12-3456789");
    expect(email.text).toContain(NO_GOODS_OR_SERVICES);
    expect(email.html).toContain("Dear Ruth Adler");
  });

  it("escapes a hostile name and tribute in HTML and keeps the subject on one line", () => {
    const summary = buildGivingSummary(
      [row({ donorName: "<img src=x onerror=alert(1)>", eventType: "memory:<b>X</b>" })],
      { year: 2026, email: "a@example.com" },
    );
    const email = givingSummaryEmail(summary, { ...identity, siteName: "Citron\r\nBcc: x@example.com" });
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;b&gt;X&lt;/b&gt;");
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it("marks a sandbox gift's summary as a test and a correction as replacing the earlier one", () => {
    const summary = buildGivingSummary([row({ provider: "sandbox" })], { year: 2026, email: "a@example.com" });
    const email = givingSummaryEmail(summary, identity, { replaces: new Date("2027-01-01T06:00:00Z") });
    expect(email.subject).toBe(
      "[TEST, no payment taken] Corrected: your 2026 giving summary from Citron Online District",
    );
    expect(email.text).toContain("not for tax purposes");
    expect(email.text).toContain("replaces the one we sent on January 1, 2027");
  });

  it("corrects an earlier summary only when its figures differ", () => {
    const summary = { totalCents: 5000, gifts: [{}] } as Parameters<typeof correctsEarlier>[0];
    expect(correctsEarlier(summary, null)).toBe(false);
    expect(correctsEarlier(summary, { sentAt: new Date(), totalCents: 5000, giftCount: 1 })).toBe(false);
    expect(correctsEarlier(summary, { sentAt: new Date(), totalCents: 7000, giftCount: 1 })).toBe(true);
    expect(correctsEarlier(summary, { sentAt: new Date(), totalCents: 5000, giftCount: 2 })).toBe(true);
  });
});

describe("district years", () => {
  it("starts a year at midnight in New York and reads months there", () => {
    expect(yearStart(2027).toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(districtYearMonth(new Date("2027-01-01T04:59:59Z"))).toEqual({ year: 2026, month: 12 });
    expect(districtYearMonth(new Date("2027-01-01T05:00:00Z"))).toEqual({ year: 2027, month: 1 });
    expect(defaultSummaryYear(new Date("2027-03-01T12:00:00Z"))).toBe(2026);
    expect(summaryYears(new Date("2027-03-01T12:00:00Z"))).toEqual([2027, 2026, 2025, 2024, 2023]);
  });

  it("accepts only the offered years and one plain address", () => {
    const schema = summaryRequestSchema([2027, 2026]);
    expect(schema.safeParse({ email: " a@example.com ", year: "2026" })).toMatchObject({
      success: true,
      data: { email: "a@example.com", year: 2026 },
    });
    expect(schema.safeParse({ email: "a@example.com" }).success).toBe(true);
    for (const input of [
      { email: "a@example.com", year: "2020" },
      { email: "a@example.com, b@example.com" },
      { email: "not an email" },
    ]) {
      expect(schema.safeParse(input).success).toBe(false);
    }
  });
});
