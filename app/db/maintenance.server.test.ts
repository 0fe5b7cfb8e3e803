import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { embeddedUpkeepWorker, vacuumAnalyze } from "./maintenance.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

/** What the planner believes of a table: its row count (-1 before any VACUUM or ANALYZE) and whether it has column statistics. */
async function plannerView(table: string) {
  const result = (await database.db.execute(sql`
    select reltuples::int as tuples, exists (select 1 from pg_stats where tablename = ${table}) as has_stats
    from pg_class where relname = ${table}`)) as unknown as { rows: { tuples: number; has_stats: boolean }[] };
  return result.rows[0];
}

describe("vacuumAnalyze", () => {
  it("gives the planner the tallies' and orders' real sizes and statistics", async () => {
    await database.db.insert(orders).values(
      Array.from({ length: 300 }, (_, i) => ({
        itemName: "Citron Tournament Entry Fee",
        totalAmount: 2500,
        customerEmail: `family${i}@example.com`,
        status: "completed" as const,
        tournamentName: `Tournament ${i % 3}`,
        eventType: "Public Forum",
      })),
    );
    // Before: nothing known (PostgreSQL's autovacuum may have been quicker; PGlite has none).
    const before = await plannerView("orders");
    expect(database.kind === "pglite" ? before?.has_stats : false).toBe(false);
    await vacuumAnalyze(database.db);
    expect(await plannerView("orders")).toEqual({ tuples: 300, has_stats: true });
    expect((await plannerView("order_tallies"))?.has_stats).toBe(true);
  });
});

describe("the embedded upkeep worker", () => {
  it("runs at start on PGlite, and leaves PostgreSQL to its autovacuum", async () => {
    await database.db
      .insert(orders)
      .values({ itemName: "Donation", totalAmount: 5000, customerEmail: "ruth@example.com", status: "completed" });
    const executed: string[] = [];
    const spy = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (query: Parameters<typeof target.execute>[0]) => {
          executed.push(new PgDialect().sqlToQuery(query as never).sql);
          return target.execute(query);
        };
      },
    });
    for (const kind of ["pglite", "postgres"] as const) {
      const stop = embeddedUpkeepWorker.start({ ...database, kind, db: spy });
      await stop();
    }
    expect(executed).toEqual(["vacuum analyze"]);
  });
});
