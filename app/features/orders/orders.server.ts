import { and, asc, count, desc, eq, isNotNull, sql, sum, type SQL } from "drizzle-orm";
import { withProviders } from "~/features/payments/provider-labels.server";
import type { Database } from "~/db/client.server";
import { orderTallies, orders, type Order, type PaymentProviderName } from "~/db/schema";
import { unionAll, type PgColumn } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { CSV_ROW_LIMIT } from "~/core/csv";
import { paginate, type Page } from "~/core/pagination";
import { likePattern } from "~/db/like-pattern";
import { hasActiveFilters, type OrderFilters } from "./filters";

/** Donations are completed orders whose item name contains "Donation" (docs/product.md#3-entities-and-their-fields). */
export const isDonation = sql`${orders.itemName} ilike '%donation%'`;

// Written as literals, not parameters, so PostgreSQL can match the partial index.
const isCompleted = sql`${orders.status} = 'completed'`;

/**
 * The student search as a condition on orders: the names containing the term,
 * looked up in order_students (a row per name, kept by the tally triggers) by
 * order_student_names() through its trigram index, then the orders of those
 * names through theirs (migration 0009). A name shares most of its trigrams
 * with every other ("Student 42"), so a trigram index over orders would read
 * an entry per order; over the names it reads one per name.
 */
function studentCondition(term: string): SQL {
  return sql`${orders.studentName} in (select order_student_names(${likePattern(term)}))`;
}

function ordersWhere(filters: OrderFilters): SQL {
  const conditions: SQL[] = [isCompleted];
  if (filters.student) conditions.push(studentCondition(filters.student));
  if (filters.tournament) conditions.push(eq(orders.tournamentName, filters.tournament));
  // A competition event: a memorial gift's "memory:..." is no event to filter by (nor tallied as one).
  if (filters.event) conditions.push(eq(orders.eventType, filters.event), sql`not ${isDonation}`);
  return and(...conditions) as SQL;
}

/**
 * The columns the orders table shows: a page's loader data carries these only
 * (not the checkout, product or registration details, which the CSV has).
 */
export const orderListColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  itemName: orders.itemName,
  itemDescription: orders.itemDescription,
  itemQuantity: orders.itemQuantity,
  studentName: orders.studentName,
  studentSchool: orders.studentSchool,
  tournamentName: orders.tournamentName,
  tournamentDate: orders.tournamentDate,
  eventType: orders.eventType,
  totalAmount: orders.totalAmount,
  customerEmail: orders.customerEmail,
  status: orders.status,
  refundedAmount: orders.refundedAmount,
  disputedAmount: orders.disputedAmount,
  disputeLostAmount: orders.disputeLostAmount,
  /** Paid online (a Refund is offered), or entered before online checkout. */
  checkoutId: orders.checkoutId,
};

/** A row with its checkout's provider, so a sandbox order is marked as a test (decision 0024). */
export type OrderListRow = Pick<Order, keyof typeof orderListColumns> & { provider?: PaymentProviderName | null };

export type OrdersPage = Page & {
  rows: OrderListRow[];
  /** Orders matching the filters. */
  total: number;
  /** Their combined amount in cents, when filtered. */
  totalAmount: number | null;
  /** Of all matching orders (filtered or not): cents refunded, under open disputes (decision 0025) and lost in closed ones (0038). */
  refundedAmount: number;
  disputedAmount: number;
  lostAmount: number;
  /** Completed orders with no filter, to tell "none at all" from "none match". */
  totalAll: number;
};

/** How many matches a search counts and sorts before leaving the paging to the date index. */
const SEARCH_READ_LIMIT = 2000;

export type SearchPage<Columns extends Record<string, PgColumn>> = {
  page: Page;
  rows: SelectResultFields<Columns>[];
  total: number;
  /** The matches' combined amount in cents. */
  amount: number;
  /** Of it, refunded and disputed. */
  refunded: number;
  disputed: number;
};

/**
 * One page (newest first, with `columns`) of the orders matching `match` (and
 * `where`), with their count and amount, in one statement; or null when more
 * than SEARCH_READ_LIMIT match (then matches are dense, and the date index
 * finds a page of them quickly).
 *
 * `match` is the search's own condition (a donor email containing a term, a
 * student among some names), which an index answers: the inner query, kept
 * apart by OFFSET 0, reads the matches through it. Without the fence PostgreSQL
 * walks the date index for the outer ordering and tests every row. `match`
 * must imply a partial index's predicate to use it (the donor search's
 * trigram index covers donations only, migration 0007).
 */
export async function searchOrders<Columns extends Record<string, PgColumn>>(
  db: Database,
  search: { match: SQL; where?: SQL; columns: Columns; page: number },
): Promise<SearchPage<Columns> | null> {
  const { match, where, columns } = search;
  const selection = sql.join(
    Object.entries(columns).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
  // The matches travel narrow (id, date, amount) through the count, the sort and the page; only the page's
  // rows are then read whole. The inner subqueries are named "orders", so `where` (written against the
  // table) applies to them; `columns` apply to the orders joined at the end.
  const run = async (page: Page) => {
    const result = await db.execute(sql`
      select ${selection}, page.match_count, page.match_amount, page.match_refunded, page.match_disputed
      from (
        select id, created_at, count(*) over () as match_count, coalesce(sum(total_amount) over (), 0) as match_amount,
          coalesce(sum(refunded_amount) over (), 0) as match_refunded, coalesce(sum(disputed_amount) over (), 0) as match_disputed
        from (
          select id, created_at, total_amount, refunded_amount, disputed_amount from (
            select * from orders where ${match} offset 0
          ) as orders
          ${where ? sql`where ${where}` : sql``}
          limit ${SEARCH_READ_LIMIT + 1}
        ) as matches
        order by created_at desc, id desc
        limit ${page.limit} offset ${page.offset}
      ) as page
      join orders on orders.id = page.id
      order by page.created_at desc, page.id desc`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  };
  let page = paginate(SEARCH_READ_LIMIT, search.page);
  let rows = await run(page);
  if (rows.length === 0 && page.page > 1) {
    // Past the last page: count from the first, then show the last.
    const first = await run(paginate(SEARCH_READ_LIMIT, 1));
    const total = Number(first[0]?.match_count ?? 0);
    page = paginate(total, search.page);
    rows = page.page === 1 ? first : await run(page);
  }
  const total = Number(rows[0]?.match_count ?? 0);
  if (total > SEARCH_READ_LIMIT) return null;
  return {
    page: paginate(total, page.page),
    rows: rows.map((row) => fromDriver(columns, row)),
    total,
    amount: Number(rows[0]?.match_amount ?? 0),
    refunded: Number(rows[0]?.match_refunded ?? 0),
    disputed: Number(rows[0]?.match_disputed ?? 0),
  };
}

/** A raw row (keyed as in `columns`) as drizzle's own select would give it: dates as Dates, and so on. */
function fromDriver<Columns extends Record<string, PgColumn>>(columns: Columns, row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, field]) => {
      const value = row[key];
      return [key, value === null || value === undefined ? null : field.mapFromDriverValue(value)];
    }),
  ) as SelectResultFields<Columns>;
}

/**
 * Count and amount of the completed orders matching the filters. Without a
 * student search they come from order_tallies (a few hundred rows whatever the
 * number of orders); with one, from the orders of the names found.
 */
async function countOrders(
  db: Database,
  filters: OrderFilters,
): Promise<{ total: number; amount: number; refunded: number; disputed: number }> {
  const [row] = filters.student
    ? await db
        .select({
          total: count(),
          amount: sum(orders.totalAmount),
          refunded: sum(orders.refundedAmount),
          disputed: sum(orders.disputedAmount),
        })
        .from(orders)
        .where(ordersWhere(filters))
    : await db
        .select({
          total: sum(orderTallies.orderCount),
          amount: sum(orderTallies.amount),
          refunded: sum(orderTallies.refundedAmount),
          disputed: sum(orderTallies.disputedAmount),
        })
        .from(orderTallies)
        .where(
          and(
            eq(orderTallies.status, "completed"),
            filters.tournament ? eq(orderTallies.tournamentName, filters.tournament) : undefined,
            filters.event
              ? and(eq(orderTallies.eventType, filters.event), eq(orderTallies.donation, false))
              : undefined,
          ),
        );
  return {
    total: Number(row?.total ?? 0),
    amount: Number(row?.amount ?? 0),
    refunded: Number(row?.refunded ?? 0),
    disputed: Number(row?.disputed ?? 0),
  };
}

/**
 * Completed orders, newest first, one page at a time; `withRows: false` counts
 * them only (the entries view shows counts, not rows).
 */
export async function listOrders(db: Database, filters: OrderFilters, { withRows = true } = {}): Promise<OrdersPage> {
  const filtered = hasActiveFilters(filters);
  const where = ordersWhere(filters);
  const search =
    filters.student && withRows
      ? await searchOrders(db, { match: where, columns: orderListColumns, page: filters.page })
      : null;
  const matching = search ?? (await countOrders(db, filters));
  const total = matching.total;
  // "None at all" and "none match" differ only when nothing matched a filter.
  const totalAll =
    filtered && total === 0
      ? (await countOrders(db, { student: "", tournament: "", event: "", page: 1 })).total
      : total;
  const page = search?.page ?? paginate(total, filters.page);
  const rows =
    search?.rows ??
    (total === 0 || !withRows
      ? []
      : await db
          .select(orderListColumns)
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset));
  // Lost disputes are few: summed from the orders that have any (a partial index), then shown apart.
  const [lost] = await db
    .select({ cents: sum(orders.disputeLostAmount) })
    .from(orders)
    .where(and(where, sql`${orders.disputeLostAmount} > 0`));
  const lostAmount = Number(lost?.cents ?? 0);
  // The combined amount is shown for a filtered set only (one tournament's fees), as the sum of its rows.
  return {
    ...page,
    rows: await withProviders(db, rows),
    total,
    totalAmount: filtered && total > 0 ? matching.amount : null,
    refundedAmount: matching.refunded,
    disputedAmount: matching.disputed - lostAmount,
    lostAmount,
    totalAll,
  };
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

/**
 * The tournament and event choices, built from the completed orders themselves
 * through their tallies: one read that returns the distinct names only (a
 * tally row per month and memorial gift would be hundreds of rows to carry).
 */
export async function orderFilterOptions(db: Database): Promise<FilterOptions> {
  const counted = and(eq(orderTallies.status, "completed"), sql`${orderTallies.orderCount} > 0`);
  const rows = await unionAll(
    db
      .selectDistinct({ kind: sql<string>`'tournament'`.as("kind"), value: orderTallies.tournamentName })
      .from(orderTallies)
      .where(and(counted, isNotNull(orderTallies.tournamentName))),
    // A memorial gift's "memory:..." is not a competition event.
    db
      .selectDistinct({ kind: sql<string>`'event'`.as("kind"), value: orderTallies.eventType })
      .from(orderTallies)
      .where(and(counted, eq(orderTallies.donation, false), isNotNull(orderTallies.eventType))),
  );
  const names = (kind: string) =>
    rows
      .flatMap((row) => (row.kind === kind && row.value && row.value.trim() !== "" ? [row.value] : []))
      .sort((a, b) => a.localeCompare(b, "en"));
  return { tournaments: names("tournament"), events: names("event") };
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
  /** Of them, refunded whole (withdrawn). */
  refunded?: number;
};

/** Entries per tournament and competition event, as a tournament director counts them. */
export async function entryCounts(db: Database, filters: OrderFilters): Promise<EntryCount[]> {
  const rows = filters.student ? await entryCountsOfStudents(db, filters) : await entryCountsFromTallies(db, filters);
  return rows.map((row) => ({
    tournamentName: row.tournamentName ?? "",
    tournamentDate: row.tournamentDate,
    eventType: row.eventType ?? "",
    entries: Number(row.entries),
    refunded: Number(row.refunded ?? 0),
  }));
}

// A student search reads the orders of the names found (see studentCondition()).
function entryCountsOfStudents(db: Database, filters: OrderFilters) {
  return db
    .select({
      tournamentName: orders.tournamentName,
      tournamentDate: orders.tournamentDate,
      eventType: orders.eventType,
      entries: count(),
      refunded: sql<number>`count(*) filter (where ${orders.refundedAmount} > 0 and ${orders.refundedAmount} = ${orders.totalAmount})`,
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
      refunded: sum(orderTallies.refundedCount),
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
    .orderBy(
      sql`${orderTallies.tournamentDate} desc nulls last`,
      asc(orderTallies.tournamentName),
      asc(orderTallies.eventType),
    );
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
