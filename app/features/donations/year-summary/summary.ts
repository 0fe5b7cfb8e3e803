import { formatCents } from "~/core/format";
import { DISTRICT_TIME_ZONE } from "~/core/time-zone";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, singleLine } from "~/features/email/templates";
import { SANDBOX_NOTICE, SANDBOX_SUBJECT_PREFIX } from "~/features/payments/sandbox-notice";
import { memorialLabel } from "~/features/payments/memorial";
import { NO_GOODS_OR_SERVICES, receiptDate, receiptNumber, type ReceiptIdentity } from "../receipt";

/**
 * The year-end giving summary (decision 0034): every gift a donor made in one calendar year (New York time),
 * what the district kept of each, the total, and what a tax return needs (legal name, EIN, the statement
 * that no goods or services were given). Pure: the server reads the rows, this builds the figures and email.
 */

/** A completed donation row as the summary reads it (orders, with its checkout when it has one). */
export type SummaryGiftRow = {
  orderId: string;
  createdAt: Date;
  totalAmount: number;
  refundedAmount: number;
  disputedAmount: number;
  eventType: string | null;
  donorName: string | null;
  checkoutId: string | null;
  checkoutCreatedAt: Date | null;
  provider: string | null;
};

export type SummaryGift = {
  date: Date;
  /** What the donor paid. */
  givenCents: number;
  /** What the district kept: given less refunded and disputed; this is what the total adds up. */
  amountCents: number;
  tribute: string | null;
  receiptNumber: string | null;
  /** Made with the built-in sandbox: no money moved. */
  test: boolean;
};

export type GivingSummary = {
  year: number;
  email: string;
  donorName: string;
  gifts: SummaryGift[];
  totalCents: number;
  /** Any gift was a sandbox test: the whole summary says so and is no tax document. */
  test: boolean;
};

/** Addresses are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The instant a calendar year starts in the district's time zone. January 1st is always on standard time in
 * New York (UTC-5), so midnight there is 05:00 UTC.
 */
export function yearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1, 5));
}

/** The calendar year and month (1-12) of an instant in the district's time zone. */
export function districtYearMonth(now: Date): { year: number; month: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: DISTRICT_TIME_ZONE, year: "numeric", month: "numeric" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** The years a donor may ask for: this one and the four before, newest first. */
export function summaryYears(now: Date): number[] {
  const { year } = districtYearMonth(now);
  return [0, 1, 2, 3, 4].map((back) => year - back);
}

/** The year asked for when none is chosen: the calendar year just ended, the one a tax return needs. */
export function defaultSummaryYear(now: Date): number {
  return districtYearMonth(now).year - 1;
}

/**
 * The summary of `rows` (one donor's completed donation rows of `year`, any order). A gift refunded whole is
 * left out; one refunded or disputed in part is listed at what the district kept, saying what was given.
 */
export function buildGivingSummary(
  rows: readonly SummaryGiftRow[],
  input: { year: number; email: string },
): GivingSummary {
  const sorted = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const gifts: SummaryGift[] = [];
  for (const row of sorted) {
    const amountCents = Math.max(0, row.totalAmount - row.refundedAmount - row.disputedAmount);
    if (amountCents === 0) continue;
    gifts.push({
      date: row.createdAt,
      givenCents: row.totalAmount,
      amountCents,
      tribute: memorialLabel(row.eventType) || null,
      receiptNumber:
        row.checkoutId && row.checkoutCreatedAt
          ? receiptNumber({ id: row.checkoutId, createdAt: row.checkoutCreatedAt })
          : null,
      test: row.provider === "sandbox",
    });
  }
  // The name on the latest gift: the one the donor used most recently.
  const donorName =
    sorted
      .toReversed()
      .find((row) => row.donorName?.trim())
      ?.donorName?.trim() ?? "";
  return {
    year: input.year,
    email: normalizeEmail(input.email),
    donorName,
    gifts,
    totalCents: gifts.reduce((sum, gift) => sum + gift.amountCents, 0),
    test: gifts.some((gift) => gift.test),
  };
}

/** One gift's line: the amount, what was given back when any, the tribute and the receipt number. */
export function giftLine(gift: SummaryGift): string {
  const parts = [
    gift.amountCents === gift.givenCents
      ? formatCents(gift.amountCents)
      : `${formatCents(gift.amountCents)} (${formatCents(gift.givenCents)} given, ${formatCents(gift.givenCents - gift.amountCents)} refunded)`,
  ];
  if (gift.tribute) parts.push(gift.tribute);
  if (gift.receiptNumber) parts.push(`receipt ${gift.receiptNumber}`);
  if (gift.test) parts.push("test, no payment taken");
  return parts.join(" · ");
}

/** An earlier summary of the same year whose figures differ: the new one says it replaces it. */
export type EarlierSummary = { sentAt: Date; totalCents: number; giftCount: number };

export function correctsEarlier(
  summary: Pick<GivingSummary, "totalCents" | "gifts">,
  earlier: EarlierSummary | null,
): boolean {
  return earlier !== null && (earlier.totalCents !== summary.totalCents || earlier.giftCount !== summary.gifts.length);
}

/** The summary email, to the donor's address only. */
export function givingSummaryEmail(
  summary: GivingSummary,
  identity: Pick<ReceiptIdentity, "legalName" | "taxId" | "siteName">,
  options: { replaces?: Date | null } = {},
): EmailMessage {
  const your = options.replaces ? "Corrected: your" : "Your";
  const greeting = summary.donorName ? `Dear ${summary.donorName}, thank you` : "Thank you";
  const body = renderEmail({
    title: `${your} ${summary.year} giving summary`,
    intro: [
      ...(summary.test ? [`${SANDBOX_NOTICE} This summary lists test gifts and is not for tax purposes.`] : []),
      ...(options.replaces
        ? [
            `This summary replaces the one we sent on ${receiptDate(options.replaces)}: the year's gifts have changed since (a gift refunded, or made, after it).`,
          ]
        : []),
      `${greeting} for your gifts to ${identity.legalName} in ${summary.year}. Here is every gift made from ${summary.email} that year, for your tax records. Refunded gifts are left out.`,
    ],
    fields: [
      ...summary.gifts.map((gift) => ({ label: receiptDate(gift.date), value: giftLine(gift) })),
      { label: `Total ${summary.year}`, value: formatCents(summary.totalCents) },
      { label: "Organization", value: identity.legalName },
      { label: "EIN (tax ID)", value: identity.taxId },
    ],
    footer: `${identity.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. ${NO_GOODS_OR_SERVICES} Your gifts are tax deductible to the extent allowed by law.`,
  });
  return {
    to: summary.email,
    subject: singleLine(
      `${summary.test ? SANDBOX_SUBJECT_PREFIX : ""}${your} ${summary.year} giving summary from ${identity.siteName}`,
    ),
    ...body,
  };
}
