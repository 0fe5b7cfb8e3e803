// test-class: postgres (closing a PostgreSQL pool)
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";

// Shutdown (server/shutdown.ts) closes the database once the requests in flight are done. A loader whose visitor hung
// up is no longer a request in flight, but its statements are still running or waiting for a connection: they
// finish first, instead of failing with "Cannot use a pool after calling end on the pool".
describe.skipIf(!process.env.TEST_DATABASE_URL)("closing a PostgreSQL handle", () => {
  it("lets running, waiting and follow-up statements finish before the pool ends", async () => {
    const handle = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: "memory://",
      poolSize: 1,
    });
    // Drizzle sends a statement when it is awaited (then): each is started here, as a loader's are.
    const firstRow = async (query: PromiseLike<unknown>) => ((await query) as { rows: unknown[] }).rows[0];
    const running = firstRow(handle.db.execute(sql`select pg_sleep(0.2), 1 as one`));
    // The pool's one connection is busy: this one waits for it.
    const waiting = firstRow(handle.db.execute(sql`select 2 as two`));
    // And this one is sent only when the first has answered, as a loader's next statement is.
    const followUp = running.then(() => firstRow(handle.db.execute(sql`select 3 as three`)));
    const started = Date.now();
    await handle.close();
    expect(await Promise.all([running, waiting, followUp])).toEqual([
      expect.objectContaining({ one: 1 }),
      { two: 2 },
      { three: 3 },
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
