import { sql, type SQL } from "drizzle-orm";

/**
 * The one rule of "an entry holds its place" (decisions 0040 and 0050), written once as data and turned into both
 * the SQL that counts places, recipients and judges' obligations (`HOLDS_PLACE`, on the `orders o` alias) and the
 * TypeScript that reads a row already loaded (`holdsPlace`): its order is paid or held by an open checkout
 * (completed or pending), not dropped, and not refunded in full. A checkout that fails or expires fails its orders,
 * so their places come back in the same statement.
 */
type Column = "status" | "dropped_at" | "total_amount" | "refunded_amount";
type Rule =
  | { all: readonly Rule[] }
  | { not: Rule }
  | { column: Column; oneOf: readonly string[] }
  | { column: Column; isNull: true }
  | { column: Column; above: number }
  | { column: Column; atLeast: Column };

const REFUNDED_IN_FULL: Rule = {
  all: [
    { column: "total_amount", above: 0 },
    { column: "refunded_amount", atLeast: "total_amount" },
  ],
};

const HOLDS: Rule = {
  all: [
    { column: "status", oneOf: ["pending", "completed"] },
    { column: "dropped_at", isNull: true },
    { not: REFUNDED_IN_FULL },
  ],
};

function toSql(rule: Rule): SQL {
  if ("all" in rule) return sql`(${sql.join(rule.all.map(toSql), sql` and `)})`;
  if ("not" in rule) return sql`not ${toSql(rule.not)}`;
  const column = sql.raw(`o.${rule.column}`);
  if ("oneOf" in rule)
    return sql`${column} in (${sql.join(
      rule.oneOf.map((value) => sql`${value}`),
      sql`, `,
    )})`;
  if ("isNull" in rule) return sql`${column} is null`;
  if ("above" in rule) return sql`${column} > ${rule.above}`;
  return sql`${column} >= ${sql.raw(`o.${rule.atLeast}`)}`;
}

/** The columns of a loaded order the rule reads. */
export type PlaceRow = { status: string; droppedAt: Date | string | null; totalAmount: number; refundedAmount: number };

const VALUE: Record<Column, (row: PlaceRow) => unknown> = {
  status: (row) => row.status,
  dropped_at: (row) => row.droppedAt,
  total_amount: (row) => Number(row.totalAmount),
  refunded_amount: (row) => Number(row.refundedAmount),
};

function test(rule: Rule, row: PlaceRow): boolean {
  if ("all" in rule) return rule.all.every((part) => test(part, row));
  if ("not" in rule) return !test(rule.not, row);
  const value = VALUE[rule.column](row);
  if ("oneOf" in rule) return rule.oneOf.includes(String(value));
  if ("isNull" in rule) return value === null || value === undefined;
  if ("above" in rule) return Number(value) > rule.above;
  return Number(value) >= Number(VALUE[rule.atLeast](row));
}

/** In SQL on `orders o`: the entry holds its place. */
export const HOLDS_PLACE = toSql(HOLDS);

/** The entry holds its place. */
export const holdsPlace = (row: PlaceRow): boolean => test(HOLDS, row);

/** The entry's fee was refunded in full (it holds no place, whatever else). */
export const refundedInFull = (row: Pick<PlaceRow, "totalAmount" | "refundedAmount">): boolean =>
  test(REFUNDED_IN_FULL, { status: "", droppedAt: null, ...row });
