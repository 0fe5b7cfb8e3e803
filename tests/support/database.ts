import { randomBytes } from "node:crypto";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/core/request-context";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { databaseContext } from "~/db/context";
import { migrateDatabase } from "~/db/migrate.server";

export type TestDatabase = DatabaseHandle & {
  /** A router context holding this database, for calling loaders and actions. */
  context(): RouterContextProvider;
  /** Removes the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (adminUrl) {
    const name = `citron_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", poolSize: 5 });
    drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pool.end() resolves before its connections have closed; forcing the drop
      // while they close kills them with an unhandled 57P01 in the test process.
      for (let wait = 0; wait < 50; wait++) {
        const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({ dataDir: "memory://" });
  }
  await migrateDatabase(handle);
  return {
    ...handle,
    context() {
      const context = new RouterContextProvider();
      context.set(databaseContext, handle.db);
      context.set(requestInfoContext, { requestId: "test", nonce: "" });
      return context;
    },
    async destroy() {
      await handle.close();
      await drop();
    },
  };
}
