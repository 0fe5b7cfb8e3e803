import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderTallies, orders, type Order } from "~/db/schema";
import { CSV_ROW_LIMIT } from "~/core/csv";
import { paginate, type Page } from "~/core/pagination";
import { likePattern } from "~/db/like-pattern";
import { hasActiveFilters, type OrderFilters } from "./filters";

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

/** How many matches a search sorts itself before leaving counting and paging to SQL. */
const SEARCH_READ_LIMIT = 2000;

export type SearchMatch = { id: string; createdAt: Date; totalAmount: number };

/**
 * The orders matching `where` whose `column` contains `term` (student name,
 * donor email), newest first, found through the column's trigram index; or
 * null when there are more than SEARCH_READ_LIMIT (then matches are dense and
 * the date index finds a page of them quickly). PostgreSQL, left to itself,
 * walks the date index and tests every row against the pattern: the inner
 * query's OFFSET 0 keeps the search apart so only the trigram index serves it.
 * `within` goes into that inner query: the predicate of a partial trigram index
 * (the donor search's index covers completed donations only).
 */
export async function searchOrders(
  db: Database,
  column: "student_name" | "customer_email",
  term: string,
  where: SQL,
  within?: SQL,
): Promise<SearchMatch[] | null> {
  // The subquery is named "orders", so `where` (written against the table) applies to it.
  const result = (await db.execute(sql`
    select id, created_at, total_amount from (
      select * from orders where ${sql.identifier(column)} ilike ${likePattern(term)}${within ? sql` and ${within}` : sql``} offset 0
    ) as orders
    where ${where}
    limit ${SEARCH_READ_LIMIT + 1}`)) as { rows: { id: string; created_at: Date | string; total_amount: number }[] };
  if (result.rows.length > SEARCH_READ_LIMIT) return null;
  return result.rows
    .map((row) => ({ id: row.id, createdAt: new Date(row.created_at), totalAmount: Number(row.total_amount) }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** One page of search matches as full rows, newest first. */
export async function ordersById(db: Database, matches: readonly SearchMatch[]): Promise<Order[]> {
  if (matches.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, matches.map((match) => match.id)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * Count and amount of the completed orders matching the filters. Without a
 * student search they come from order_tallies (a few hundred rows whatever the
 * number of orders); the student search reads its matches through the trigram
 * index.
 */
async function countOrders(db: Database, filters: OrderFilters): Promise<{ total: number; amount: number }> {
  const [row] = filters.student
    ? await db.select({ total: count(), amount: sum(orders.totalAmount) }).from(orders).where(ordersWhere(filters))
    : await db
        .select({ total: sum(orderTallies.orderCount), amount: sum(orderTallies.amount) })
        .from(orderTallies)
        .where(
          and(
            eq(orderTallies.status, "completed"),
            filters.tournament ? eq(orderTallies.tournamentName, filters.tournament) : undefined,
            filters.event ? eq(orderTallies.eventType, filters.event) : undefined,
          ),
        );
  return { total: Number(row?.total ?? 0), amount: Number(row?.amount ?? 0) };
}

/** Completed orders, newest first, one page at a time. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrdersPage> {
  const filtered = hasActiveFilters(filters);
  const where = ordersWhere(filters);
  const matches = filters.student ? await searchOrders(db, "student_name", filters.student, where) : null;
  const matching = matches
    ? { total: matches.length, amount: matches.reduce((amount, match) => amount + match.totalAmount, 0) }
    : await countOrders(db, filters);
  const total = matching.total;
  // "None at all" and "none match" differ only when nothing matched a filter.
  const totalAll = filtered && total === 0 ? (await countOrders(db, { student: "", tournament: "", event: "", page: 1 })).total : total;
  const page = paginate(total, filters.page);
  const rows =
    total === 0
      ? []
      : matches
        ? await ordersById(db, matches.slice(page.offset, page.offset + page.limit))
        : await db
            .select()
            .from(orders)
            .where(where)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(page.limit)
            .offset(page.offset);
  // The combined amount is shown for a filtered set only (one tournament's fees), as the sum of its rows.
  return { ...page, rows, total, totalAmount: filtered && total > 0 ? matching.amount : null, totalAll };
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

/** The tournament and event choices, built from the completed orders themselves (through their tallies). */
export async function orderFilterOptions(db: Database): Promise<FilterOptions> {
  const [tournaments, events] = await Promise.all([
    distinctTallied(db, orderTallies.tournamentName, eq(orderTallies.status, "completed")),
    // A memorial gift's "memory:..." is not a competition event.
    distinctTallied(db, orderTallies.eventType, and(eq(orderTallies.status, "completed"), eq(orderTallies.donation, false))),
  ]);
  return { tournaments, events };
}

async function distinctTallied(
  db: Database,
  column: typeof orderTallies.tournamentName | typeof orderTallies.eventType,
  where: SQL | undefined,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: column })
    .from(orderTallies)
    .where(and(where, isNotNull(column), sql`${orderTallies.orderCount} > 0`))
    .orderBy(asc(column));
  return rows.flatMap((row) => (row.value && row.value.trim() !== "" ? [row.value] : []));
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
  const rows = filters.student ? await entryCountsOfStudents(db, filters) : await entryCountsFromTallies(db, filters);
  return rows.map((row) => ({
    tournamentName: row.tournamentName ?? "",
    tournamentDate: row.tournamentDate,
    eventType: row.eventType ?? "",
    entries: Number(row.entries),
  }));
}

// A student search reads the matching orders (few, through the trigram index).
function entryCountsOfStudents(db: Database, filters: OrderFilters) {
  return db
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
}

// Everything else is a sum of order_tallies rows; entriesWhere() in tally columns.
function entryCountsFromTallies(db: Database, filters: OrderFilters) {
  return db
    .select({
      tournamentName: orderTallies.tournamentName,
      tournamentDate: orderTallies.tournamentDate,
      eventType: orderTallies.eventType,
      entries: sum(orderTallies.orderCount),
    })
    .from(orderTallies)
    .where(
      and(
        eq(orderTallies.status, "completed"),
        eq(orderTallies.donation, false),
        eq(orderTallies.hasStudent, true),
        isNotNull(orderTallies.tournamentName),
        isNotNull(orderTallies.eventType),
        filters.tournament ? eq(orderTallies.tournamentName, filters.tournament) : undefined,
        filters.event ? eq(orderTallies.eventType, filters.event) : undefined,
      ),
    )
    .groupBy(orderTallies.tournamentName, orderTallies.tournamentDate, orderTallies.eventType)
    .having(sql`sum(${orderTallies.orderCount}) > 0`)
    .orderBy(sql`${orderTallies.tournamentDate} desc nulls last`, asc(orderTallies.tournamentName), asc(orderTallies.eventType));
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
