import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/core/request-context";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { databaseContext } from "~/db/context";
import { migrateDatabase } from "~/db/migrate.server";
import { registerDonationEmails } from "~/features/donations/donation-emails.server";
import { createScratchDatabase } from "./scratch-database";

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
// What server/app.ts wires at start that a test reaching a feature directly still needs: a donation's fulfilment
// queues its receipt (payments knows no donation; donations registers its emails).
registerDonationEmails();

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "citron_test");
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 5 });
    drop = scratch.drop;
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
