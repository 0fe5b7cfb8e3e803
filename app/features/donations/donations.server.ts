import { and, count, desc, ilike, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import { likePattern } from "~/features/orders/filters";
import { CSV_ROW_LIMIT, isDonation } from "~/features/orders/orders.server";
import { paginate, type Page } from "~/features/orders/pagination";
import { z } from "zod";
import { donationSummary, fillMonths, monthKeyInNewYork, type DonationSummary, type MonthTotal } from "./summary";

// Literal, not parameterised, so PostgreSQL matches the partial donations index.
const donations = sql`${orders.status} = 'completed' and ${isDonation}`;

export type DonationFilters = { email: string; page: number };

const filtersSchema = z.object({
  email: z
    .string()
    .transform((value) => value.trim().slice(0, 254))
    .catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseDonationFilters(params: URLSearchParams): DonationFilters {
  return filtersSchema.parse({ email: params.get("email") ?? "", page: params.get("page") ?? 1 });
}

function donationsWhere(filters: Pick<DonationFilters, "email">): SQL {
  return filters.email ? (and(donations, ilike(orders.customerEmail, likePattern(filters.email))) as SQL) : donations;
}

export type DonationsPage = Page & {
  rows: Order[];
  /** Donations matching the search (X of "Showing X of Y"). */
  matching: number;
  /** The cards: every completed donation, whatever the search. */
  summary: DonationSummary;
  months: MonthTotal[];
};

export async function listDonations(db: Database, filters: DonationFilters, now = new Date()): Promise<DonationsPage> {
  const [[all], [matched], monthRows] = await Promise.all([
    db.select({ count: count(), total: sum(orders.totalAmount) }).from(orders).where(donations),
    filters.email
      ? db.select({ count: count() }).from(orders).where(donationsWhere(filters))
      : Promise.resolve([undefined]),
    donationsByMonth(db, now),
  ]);
  const summary = donationSummary(Number(all?.total ?? 0), Number(all?.count ?? 0));
  const matching = filters.email ? Number(matched?.count ?? 0) : summary.count;
  const page = paginate(matching, filters.page);
  const rows =
    matching === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(donationsWhere(filters))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset);
  return { ...page, rows, matching, summary, months: monthRows };
}

/** Donation totals per New York calendar month, for the last twelve months. */
async function donationsByMonth(db: Database, now: Date): Promise<MonthTotal[]> {
  const month = sql<string>`to_char(${orders.createdAt} at time zone 'America/New_York', 'YYYY-MM')`;
  const rows = await db
    .select({ month, total: sum(orders.totalAmount), count: count() })
    .from(orders)
    .where(and(donations, sql`${orders.createdAt} >= ${new Date(now.getTime() - 370 * 86_400_000).toISOString()}::timestamptz`))
    .groupBy(month);
  return fillMonths(
    rows.map((row) => ({ month: row.month, totalCents: Number(row.total ?? 0), count: Number(row.count) })),
    monthKeyInNewYork(now),
  );
}

export function donationsForExport(db: Database, filters: Pick<DonationFilters, "email">): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(donationsWhere(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CSV_ROW_LIMIT);
}
