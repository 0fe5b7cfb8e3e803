import { desc, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkouts, monthlyGifts, type MonthlyGift } from "~/db/schema";
import { CSV_ROW_LIMIT, toCsv, type CsvColumn } from "~/core/csv";
import { centsToDecimal, formatCsvDateTime } from "~/core/format";

/** Gifts staff follow: not canceled, and past their first month (a pending one is an unfinished checkout). */
const LIVE = ["active", "paused", "past_due"] as const;

export type MonthlyGiftRow = Pick<
  MonthlyGift,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "amountCents"
  | "feeCents"
  | "startedAt"
  | "nextChargeAt"
  | "status"
  | "provider"
>;

export type MonthlyOverview = {
  rows: MonthlyGiftRow[];
  /** Cents a month from active and past-due gifts (a paused gift brings nothing until resumed). */
  recurringCents: number;
  count: number;
};

const columns = {
  id: monthlyGifts.id,
  firstName: monthlyGifts.firstName,
  lastName: monthlyGifts.lastName,
  email: monthlyGifts.email,
  amountCents: monthlyGifts.amountCents,
  feeCents: monthlyGifts.feeCents,
  startedAt: monthlyGifts.startedAt,
  nextChargeAt: monthlyGifts.nextChargeAt,
  status: monthlyGifts.status,
  provider: monthlyGifts.provider,
};

export async function monthlyOverview(db: Database, limit = 100): Promise<MonthlyOverview> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(monthlyGifts)
      .where(inArray(monthlyGifts.status, [...LIVE]))
      .orderBy(desc(monthlyGifts.startedAt), desc(monthlyGifts.id))
      .limit(limit),
    db
      .select({
        count: sql<number>`count(*)::int`,
        recurring: sql<number>`coalesce(sum(${monthlyGifts.amountCents} + ${monthlyGifts.feeCents}) filter (where ${monthlyGifts.status} in ('active', 'past_due')), 0)::int`,
      })
      .from(monthlyGifts)
      .where(inArray(monthlyGifts.status, [...LIVE])),
  ]);
  return { rows, recurringCents: Number(totals?.recurring ?? 0), count: Number(totals?.count ?? 0) };
}

/** Of these checkouts, the ones that are a month of a monthly gift (the donations CSV's Monthly column). */
export async function monthlyCheckoutIds(db: Database, checkoutIds: Array<string | null>): Promise<Set<string>> {
  const ids = [...new Set(checkoutIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Set();
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(
        sql`${inArray(checkouts.id, ids.slice(i, i + 1000))} and ${checkouts.details} -> 'donation' -> 'monthly' is not null`,
      );
    for (const row of rows) found.add(row.id);
  }
  return found;
}

const csvColumns: CsvColumn<MonthlyGift>[] = [
  { header: "Donor Name", value: (g) => `${g.firstName} ${g.lastName}` },
  { header: "Email", value: (g) => g.email },
  { header: "Monthly Amount (USD)", value: (g) => centsToDecimal(g.amountCents + g.feeCents) },
  { header: "Card Fee Covered (USD)", value: (g) => centsToDecimal(g.feeCents) },
  { header: "Status", value: (g) => g.status },
  { header: "Since", value: (g) => (g.startedAt ? formatCsvDateTime(g.startedAt) : "") },
  {
    header: "Next Charge",
    value: (g) =>
      g.nextChargeAt && g.status !== "canceled" && g.status !== "paused" ? formatCsvDateTime(g.nextChargeAt) : "",
  },
  { header: "Ended", value: (g) => (g.canceledAt ? formatCsvDateTime(g.canceledAt) : "") },
  { header: "Test", value: (g) => (g.provider === "sandbox" ? "yes" : "") },
  { header: "Monthly Gift ID", value: (g) => g.id },
];

/** Every monthly gift that got past its first month, for the monthly gifts CSV. */
export async function monthlyGiftsCsv(db: Database): Promise<string> {
  const rows = await db
    .select()
    .from(monthlyGifts)
    .where(sql`${monthlyGifts.status} <> 'pending'`)
    .orderBy(desc(monthlyGifts.startedAt))
    .limit(CSV_ROW_LIMIT);
  return monthlyGiftRowsCsv(rows);
}

/** The monthly gifts CSV of the rows given. */
export function monthlyGiftRowsCsv(rows: readonly MonthlyGift[]): string {
  return toCsv(rows, csvColumns);
}
