import { DISTRICT_TIME_ZONE } from "~/core/time-zone";

export type DonationSummary = {
  /** What the district kept: given, less refunded and disputed (decision 0025). */
  totalCents: number;
  count: number;
  averageCents: number;
  /** Shown apart when there are any: refunded, under an open dispute, lost in a closed one (decision 0038). */
  refundedCents?: number;
  disputedCents?: number;
  lostCents?: number;
  /** Stripe's dispute fees on gifts (not part of any gift's amount). */
  disputeFeeCents?: number;
};

/** Average Donation is total divided by count, or $0.00 when there are none (docs/product.md). */
export function donationSummary(
  totalCents: number,
  count: number,
  apart: { refundedCents?: number; disputedCents?: number; lostCents?: number; disputeFeeCents?: number } = {},
): DonationSummary {
  return {
    totalCents,
    count,
    averageCents: count > 0 ? Math.round(totalCents / count) : 0,
    ...(apart.refundedCents ? { refundedCents: apart.refundedCents } : {}),
    ...(apart.disputedCents ? { disputedCents: apart.disputedCents } : {}),
    ...(apart.lostCents ? { lostCents: apart.lostCents } : {}),
    ...(apart.disputeFeeCents ? { disputeFeeCents: apart.disputeFeeCents } : {}),
  };
}

/** A month's gifts: totalCents is what the district kept; refunded and disputed cents apart, when any. */
export type MonthTotal = {
  month: string;
  totalCents: number;
  count: number;
  refundedCents?: number;
  /** Under an open dispute. */
  disputedCents?: number;
  /** Lost in a closed dispute (decision 0038). */
  lostCents?: number;
};

/**
 * The last `months` calendar months ending with `endMonth` ("YYYY-MM"), oldest
 * first, with zero for months without gifts so the chart's bars line up.
 */
export function fillMonths(rows: readonly MonthTotal[], endMonth: string, months = 12): MonthTotal[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const [endYear = 1970, endIndex = 1] = endMonth.split("-").map(Number);
  const result: MonthTotal[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const absolute = endYear * 12 + (endIndex - 1) - back;
    const key = `${Math.floor(absolute / 12)}-${String((absolute % 12) + 1).padStart(2, "0")}`;
    result.push(byMonth.get(key) ?? { month: key, totalCents: 0, count: 0 });
  }
  return result;
}

/** "YYYY-MM" of an instant in New York. */
export function monthKeyInNewYork(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: DISTRICT_TIME_ZONE, year: "numeric", month: "2-digit" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}`;
}
