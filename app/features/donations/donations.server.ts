import { and, count, desc, eq, getTableColumns, ilike, inArray, sql, sum, type SQL } from "drizzle-orm";
import { withProviders } from "~/features/payments/provider-labels.server";
import type { Database } from "~/db/client.server";
import {
  campaigns,
  checkouts,
  disputes,
  orderTallies,
  orders,
  type Order,
  type PaymentProviderName,
} from "~/db/schema";
import { CSV_ROW_LIMIT } from "~/core/csv";
import { paginate, type Page } from "~/core/pagination";
import { likePattern } from "~/db/like-pattern";
import { isDonation, searchOrders } from "~/features/orders/orders.server";
import { searchTerm } from "~/core/search-term";
import { z } from "~/core/zod";
import { donationSummary, fillMonths, monthKeyInNewYork, type DonationSummary, type MonthTotal } from "./totals";

// Literal, not parameterised, so PostgreSQL matches the partial donations index.
const donations = sql`${orders.status} = 'completed' and ${isDonation}`;

export type DonationFilters = { email: string; page: number };

const filtersSchema = z.object({
  email: searchTerm(254),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseDonationFilters(params: URLSearchParams): DonationFilters {
  return filtersSchema.parse({ email: params.get("email") ?? "", page: params.get("page") ?? 1 });
}

function donationsWhere(filters: Pick<DonationFilters, "email">): SQL {
  return filters.email ? (and(donations, ilike(orders.customerEmail, likePattern(filters.email))) as SQL) : donations;
}

/** The name of the campaign a gift was given through (decision 0035), or null. */
const campaignName = sql<
  string | null
>`(select ${campaigns.name} from ${campaigns} where ${campaigns.id} = ${orders.campaignId})`;

/** The columns the donations table shows (docs/product.md#9-constants-and-limits), and the only ones a page carries. */
export const donationListColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  studentName: orders.studentName,
  customerEmail: orders.customerEmail,
  totalAmount: orders.totalAmount,
  eventType: orders.eventType,
  itemDescription: orders.itemDescription,
  refundedAmount: orders.refundedAmount,
  disputedAmount: orders.disputedAmount,
  disputeLostAmount: orders.disputeLostAmount,
  checkoutId: orders.checkoutId,
  campaignId: orders.campaignId,
};

/** The campaign names of a page's gifts, in one read (the names a page shows are few). */
async function withCampaignNames<Row extends { campaignId: string | null }>(
  db: Database,
  rows: Row[],
): Promise<Array<Row & { campaignName: string | null }>> {
  const ids = [...new Set(rows.map((row) => row.campaignId).filter((id): id is string => id !== null))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, ids))
        ).map((row) => [row.id, row.name]),
  );
  return rows.map((row) => ({ ...row, campaignName: row.campaignId ? (names.get(row.campaignId) ?? null) : null }));
}

/** A row with its checkout's provider, so a sandbox gift is marked as a test (decision 0024). */
export type DonationListRow = Pick<Order, keyof typeof donationListColumns> & {
  provider?: PaymentProviderName | null;
  campaignName: string | null;
};

export type DonationsPage = Page & {
  rows: DonationListRow[];
  /** Donations matching the search (X of "Showing X of Y"). */
  matching: number;
  /** The cards: every completed donation, whatever the search. */
  summary: DonationSummary;
  months: MonthTotal[];
};

export async function listDonations(db: Database, filters: DonationFilters, now = new Date()): Promise<DonationsPage> {
  const [tallied, search] = await Promise.all([
    donationTallies(db, now),
    // A term under three characters has no trigram to look up: the date index serves it (below).
    filters.email.length >= 3
      ? searchOrders(db, {
          // The donation rule alone: it implies the donor trigram index's predicate, not the date index's (migration 0007).
          match: sql`${ilike(orders.customerEmail, likePattern(filters.email))} and ${isDonation}`,
          where: donationsWhere(filters),
          columns: donationListColumns,
          page: filters.page,
        })
      : Promise.resolve(null),
  ]);
  const { summary, months: monthRows } = tallied;
  if (search)
    return {
      ...search.page,
      rows: await withCampaignNames(db, await withProviders(db, search.rows)),
      matching: search.total,
      summary,
      months: monthRows,
    };
  const matching = !filters.email
    ? summary.count
    : Number((await db.select({ count: count() }).from(orders).where(donationsWhere(filters)))[0]?.count ?? 0);
  const page = paginate(matching, filters.page);
  const rows =
    matching === 0
      ? []
      : await db
          .select(donationListColumns)
          .from(orders)
          .where(donationsWhere(filters))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset);
  return {
    ...page,
    rows: await withCampaignNames(db, await withProviders(db, rows)),
    matching,
    summary,
    months: monthRows,
  };
}

const talliedDonations = and(eq(orderTallies.status, "completed"), eq(orderTallies.donation, true));

/**
 * The cards (every completed donation) and the chart (the last twelve New York
 * calendar months) from one read of order_tallies, which keeps donations by
 * month: a row per month the district has had gifts, not a row per gift.
 */
async function donationTallies(db: Database, now: Date): Promise<{ summary: DonationSummary; months: MonthTotal[] }> {
  const rows = await db
    .select({
      month: orderTallies.month,
      total: sum(orderTallies.amount),
      count: sum(orderTallies.orderCount),
      refunded: sum(orderTallies.refundedAmount),
      disputed: sum(orderTallies.disputedAmount),
    })
    .from(orderTallies)
    .where(talliedDonations)
    .groupBy(orderTallies.month);
  const lost = await lostInDisputes(db);
  // Totals count what the district kept (decision 0025); refunded, disputed and lost cents travel apart. The
  // tallies' disputed cents hold open and lost disputes alike; the lost ones are shown as lost (decision 0038).
  const months: MonthTotal[] = rows.map((row) => {
    const refundedCents = Number(row.refunded ?? 0);
    const lostCents = lost.byMonth.get(row.month) ?? 0;
    const disputedCents = Number(row.disputed ?? 0) - lostCents;
    return {
      month: row.month,
      totalCents: Number(row.total ?? 0) - refundedCents - disputedCents - lostCents,
      count: Number(row.count ?? 0),
      ...(refundedCents ? { refundedCents } : {}),
      ...(disputedCents ? { disputedCents } : {}),
      ...(lostCents ? { lostCents } : {}),
    };
  });
  const all = months.reduce(
    (sums, month) => ({
      cents: sums.cents + month.totalCents,
      count: sums.count + month.count,
      refundedCents: sums.refundedCents + (month.refundedCents ?? 0),
      disputedCents: sums.disputedCents + (month.disputedCents ?? 0),
      lostCents: sums.lostCents + (month.lostCents ?? 0),
    }),
    { cents: 0, count: 0, refundedCents: 0, disputedCents: 0, lostCents: 0 },
  );
  return {
    summary: donationSummary(all.cents, all.count, { ...all, disputeFeeCents: lost.feeCents }),
    months: fillMonths(months, monthKeyInNewYork(now)),
  };
}

/**
 * Completed gifts' cents lost in closed disputes, by New York month as the tallies count them (the few orders
 * with any, through their partial index), and Stripe's dispute fees on gifts.
 */
async function lostInDisputes(db: Database): Promise<{ byMonth: Map<string, number>; feeCents: number }> {
  const month = sql<string>`to_char(${orders.createdAt} at time zone 'America/New_York', 'YYYY-MM')`;
  const [rows, fees] = await Promise.all([
    db
      .select({ month, lost: sum(orders.disputeLostAmount) })
      .from(orders)
      .where(and(donations, sql`${orders.disputeLostAmount} > 0`))
      .groupBy(month),
    db
      .select({ fee: sum(disputes.fee) })
      .from(disputes)
      .innerJoin(checkouts, eq(checkouts.id, disputes.checkoutId))
      .where(eq(checkouts.kind, "donation")),
  ]);
  return {
    byMonth: new Map(rows.map((row) => [row.month, Number(row.lost ?? 0)])),
    feeCents: Number(fees[0]?.fee ?? 0),
  };
}

export type DonationExportRow = Order & { campaignName: string | null };

export function donationsForExport(
  db: Database,
  filters: Pick<DonationFilters, "email">,
): Promise<DonationExportRow[]> {
  return db
    .select({ ...getTableColumns(orders), campaignName })
    .from(orders)
    .where(donationsWhere(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CSV_ROW_LIMIT);
}
