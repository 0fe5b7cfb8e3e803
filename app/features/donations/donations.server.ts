import { and, count, desc, eq, gte, ilike, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderTallies, orders, type Order } from "~/db/schema";
import { CSV_ROW_LIMIT } from "~/core/csv";
import { paginate, type Page } from "~/core/pagination";
import { likePattern } from "~/db/like-pattern";
import { isDonation, ordersById, searchOrders } from "~/features/orders/orders.server";
import { z } from "~/core/zod";
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
  const [[all], matches, monthRows] = await Promise.all([
    // The cards count every completed donation: a sum of order_tallies rows, not a read of every gift.
    db.select({ count: sum(orderTallies.orderCount), total: sum(orderTallies.amount) }).from(orderTallies).where(talliedDonations),
    filters.email ? searchOrders(db, "customer_email", filters.email, donationsWhere(filters), donations) : Promise.resolve(null),
    donationsByMonth(db, now),
  ]);
  const summary = donationSummary(Number(all?.total ?? 0), Number(all?.count ?? 0));
  const matching = !filters.email
    ? summary.count
    : matches
      ? matches.length
      : Number((await db.select({ count: count() }).from(orders).where(donationsWhere(filters)))[0]?.count ?? 0);
  const page = paginate(matching, filters.page);
  const rows =
    matching === 0
      ? []
      : matches
        ? await ordersById(db, matches.slice(page.offset, page.offset + page.limit))
        : await db
            .select()
            .from(orders)
            .where(donationsWhere(filters))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(page.limit)
            .offset(page.offset);
  return { ...page, rows, matching, summary, months: monthRows };
}

const talliedDonations = and(eq(orderTallies.status, "completed"), eq(orderTallies.donation, true));

/** Donation totals per New York calendar month, for the last twelve months (order_tallies keeps them by month). */
async function donationsByMonth(db: Database, now: Date): Promise<MonthTotal[]> {
  const end = monthKeyInNewYork(now);
  const [first] = fillMonths([], end);
  const rows = await db
    .select({ month: orderTallies.month, total: sum(orderTallies.amount), count: sum(orderTallies.orderCount) })
    .from(orderTallies)
    .where(and(talliedDonations, gte(orderTallies.month, first?.month ?? end)))
    .groupBy(orderTallies.month);
  return fillMonths(
    rows.map((row) => ({ month: row.month, totalCents: Number(row.total ?? 0), count: Number(row.count ?? 0) })),
    end,
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
