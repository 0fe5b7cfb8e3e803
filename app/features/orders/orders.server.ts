import { and, asc, count, desc, eq, ilike, isNotNull, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import { likePattern, type OrderFilters } from "./filters";
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
  /** Their combined amount in cents. */
  totalAmount: number;
  /** Completed orders with no filter, to tell "none at all" from "none match". */
  totalAll: number;
};

/** Completed orders, newest first, one page at a time. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrdersPage> {
  const where = ordersWhere(filters);
  const [[matching], [all]] = await Promise.all([
    db.select({ total: count(), amount: sum(orders.totalAmount) }).from(orders).where(where),
    db.select({ total: count() }).from(orders).where(isCompleted),
  ]);
  const total = Number(matching?.total ?? 0);
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
  return { ...page, rows, total, totalAmount: Number(matching?.amount ?? 0), totalAll: Number(all?.total ?? 0) };
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
    db
      .selectDistinct({ value: orders.tournamentName })
      .from(orders)
      .where(and(isCompleted, isNotNull(orders.tournamentName)))
      .orderBy(asc(orders.tournamentName)),
    db
      .selectDistinct({ value: orders.eventType })
      .from(orders)
      // A memorial gift's "memory:..." is not a competition event.
      .where(and(isCompleted, isNotNull(orders.eventType), sql`not ${isDonation}`))
      .orderBy(asc(orders.eventType)),
  ]);
  const values = (rows: { value: string | null }[]) =>
    rows.map((row) => row.value).filter((value): value is string => Boolean(value && value.trim()));
  return { tournaments: values(tournaments), events: values(events) };
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
