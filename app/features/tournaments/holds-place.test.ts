import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { HOLDS_PLACE, holdsPlace, refundedInFull, type PlaceRow } from "./holds-place";

/**
 * Decision 0050: "an entry holds its place" is one rule, turned into SQL and TypeScript. Every combination of the
 * columns it reads is asked of both, on the engine under test, and they agree row by row.
 */
describe("the one rule of an entry holding its place", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const rows: PlaceRow[] = [];
  for (const status of ["pending", "completed", "failed"])
    for (const droppedAt of [null, "2026-12-01T10:00:00Z"])
      for (const [totalAmount, refundedAmount] of [
        [4000, 0],
        [4000, 1000],
        [4000, 4000],
        [0, 0],
      ] as const)
        rows.push({ status, droppedAt, totalAmount, refundedAmount });

  it("says the same in SQL as in TypeScript for every combination", async () => {
    const values = sql.join(
      rows.map(
        (row, index) =>
          sql`(${index}::int, ${row.status}::text, ${row.droppedAt}::timestamptz, ${row.totalAmount}::int, ${row.refundedAmount}::int)`,
      ),
      sql`, `,
    );
    const result = await database.db.execute(sql`
      select o.i, (${HOLDS_PLACE}) as holds
        from (values ${values}) as o(i, status, dropped_at, total_amount, refunded_amount)
       order by o.i`);
    const fromSql = (result as unknown as { rows: Array<{ holds: boolean }> }).rows.map((row) => row.holds);
    expect(fromSql).toEqual(rows.map(holdsPlace));
    // The cases the rule is about, said plainly.
    expect(holdsPlace({ status: "completed", droppedAt: null, totalAmount: 4000, refundedAmount: 1000 })).toBe(true);
    expect(holdsPlace({ status: "pending", droppedAt: null, totalAmount: 4000, refundedAmount: 0 })).toBe(true);
    expect(holdsPlace({ status: "completed", droppedAt: new Date(), totalAmount: 4000, refundedAmount: 0 })).toBe(
      false,
    );
    expect(holdsPlace({ status: "completed", droppedAt: null, totalAmount: 4000, refundedAmount: 4000 })).toBe(false);
    expect(holdsPlace({ status: "failed", droppedAt: null, totalAmount: 4000, refundedAmount: 0 })).toBe(false);
    expect(refundedInFull({ totalAmount: 0, refundedAmount: 0 })).toBe(false);
  });
});
