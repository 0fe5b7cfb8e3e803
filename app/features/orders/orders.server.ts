import { and, asc, count, desc, eq, ilike, isNotNull, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import { hasActiveFilters, likePattern, type OrderFilters } from "./filters";
import { paginate, type Page } from "./pagination";

/** The most rows one CSV export holds; far above a season's orders, and it keeps a request bounded. */
export const CSV_ROW_LIMIT = 100_000;

/** Donations are completed orders whose item name contains "Donation" (SPEC.md section 3). */
export const isDonation = sql`${orders.itemName} ilike '%donation%'`;

// Written as literals, not parameters, so PostgreSQL can match the partial index.
const isCompleted = sql`${orders.status} = 'completed'`;

function ordersWhere(filters: OrderFilters): SQL {
  const conditions: SQL[] = [isCompleted];
  if (filters.student) conditions.push(ilike(orders.studentName, likePattern(filters.student)));
  if (filters.tournament) conditions.push(eq(orders.tournamentName, filters.tournament));
  if (filters.event) conditions.push(eq(orders.eventType, filters.event));
  return and(...conditions) as SQL;
}

export type OrdersPage = Page & {
  rows: Order[];
  /** Orders matching the filters. */
  total: number;
  /** Their combined amount in cents, when filtered. */
  totalAmount: number | null;
  /** Completed orders with no filter, to tell "none at all" from "none match". */
  totalAll: number;
};

/** Completed orders, newest first, one page at a time. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrdersPage> {
  const where = ordersWhere(filters);
  const filtered = hasActiveFilters(filters);
  // The combined amount means something for a filtered set (one tournament's
  // fees); over every order it would cost a full scan on each page view.
  const [matching] = filtered
    ? await db.select({ total: count(), amount: sum(orders.totalAmount) }).from(orders).where(where)
    : await db.select({ total: count(), amount: sql<null>`null` }).from(orders).where(where);
  const total = Number(matching?.total ?? 0);
  // "None at all" and "none match" differ only when nothing matched a filter.
  const totalAll = filtered && total === 0 ? Number((await db.select({ total: count() }).from(orders).where(isCompleted))[0]?.total ?? 0) : total;
  const page = paginate(total, filters.page);
  const rows =
    total === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset);
  return { ...page, rows, total, totalAmount: matching?.amount == null ? null : Number(matching.amount), totalAll };
}

/** Every matching order for the CSV export, newest first. */
export function ordersForExport(db: Database, filters: OrderFilters): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(ordersWhere(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CSV_ROW_LIMIT);
}

export type FilterOptions = { tournaments: string[]; events: string[] };

/** The tournament and event choices, built from the completed orders themselves. */
export async function orderFilterOptions(db: Database): Promise<FilterOptions> {
  const [tournaments, events] = await Promise.all([
    distinctValues(db, "tournament_name", sql`status = 'completed'`),
    // A memorial gift's "memory:..." is not a competition event. The predicate is
    // the partial index's (orders_entry_event_type_idx), written the same way.
    distinctValues(db, "event_type", sql`status = 'completed' and item_name not ilike '%donation%'`),
  ]);
  return { tournaments, events };
}

/**
 * Distinct values of an indexed column among matching orders, by walking its
 * index one value at a time: a few dozen index probes
 * instead of reading every order (SELECT DISTINCT scans them all).
 */
async function distinctValues(db: Database, column: "tournament_name" | "event_type", where: SQL): Promise<string[]> {
  const col = sql.identifier(column);
  // PGlite and node-postgres both answer with { rows }.
  const result = (await db.execute(sql`
    with recursive walk(value) as (
      (select ${col} from orders where ${where} and ${col} is not null order by ${col} limit 1)
      union all
      select (select ${col} from orders where ${where} and ${col} > walk.value order by ${col} limit 1)
      from walk where walk.value is not null
    )
    select value from walk where value is not null`)) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value).filter((value) => value.trim() !== "");
}

// An entry is one student in one competition event of one tournament.
function entriesWhere(filters: OrderFilters): SQL {
  return and(
    ordersWhere(filters),
    isNotNull(orders.tournamentName),
    isNotNull(orders.eventType),
    isNotNull(orders.studentName),
    sql`not ${isDonation}`,
  ) as SQL;
}

export type EntryCount = {
  tournamentName: string;
  tournamentDate: string | null;
  eventType: string;
  entries: number;
};

/** Entries per tournament and competition event, as a tournament director counts them. */
export async function entryCounts(db: Database, filters: OrderFilters): Promise<EntryCount[]> {
  const rows = await db
    .select({
      tournamentName: orders.tournamentName,
      tournamentDate: orders.tournamentDate,
      eventType: orders.eventType,
      entries: count(),
    })
    .from(orders)
    .where(entriesWhere(filters))
    .groupBy(orders.tournamentName, orders.tournamentDate, orders.eventType)
    .orderBy(sql`${orders.tournamentDate} desc nulls last`, asc(orders.tournamentName), asc(orders.eventType));
  return rows.map((row) => ({
    tournamentName: row.tournamentName ?? "",
    tournamentDate: row.tournamentDate,
    eventType: row.eventType ?? "",
    entries: Number(row.entries),
  }));
}

/** The roster behind the counts: one row per entry, for the entries CSV. */
export function entriesForExport(db: Database, filters: OrderFilters): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(entriesWhere(filters))
    .orderBy(
      sql`${orders.tournamentDate} desc nulls last`,
      asc(orders.tournamentName),
      asc(orders.eventType),
      asc(orders.studentName),
    )
    .limit(CSV_ROW_LIMIT);
}
