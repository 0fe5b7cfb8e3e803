import { createHash } from "node:crypto";
import { existsSync, openAsBlob, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import type { RequestInfo } from "~/core/request-context";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createRequestContext } from "~/db/context";
import { migrateDatabase, migrationsFolder } from "~/db/migrate.server";
import { registerDonationHooks } from "~/features/donations/hooks.server";
import { registerJudgeHooks } from "~/features/judges/family-notes.server";
import { registerEntryChangeHooks } from "~/features/entry-changes/link.server";
import { createScratchDatabase, untilDisconnected, withClient } from "./scratch-database";

export type TestDatabase = DatabaseHandle & {
  /** A router context holding this database, for calling loaders and actions (a client address, if given). */
  context(info?: Partial<RequestInfo>): RouterContextProvider;
  /** Removes the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
};

// What server/start.ts wires at start that a test reaching a feature directly still needs: a donation's fulfilment
// queues its receipt (payments knows no donation; donations registers its emails).
registerDonationHooks();
registerJudgeHooks();
registerEntryChangeHooks();

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database dropped afterwards. Each is a copy of one database migrated once per run (PGlite) or once
 * per set of migrations (PostgreSQL); `fromScratch` runs every migration on an empty database instead.
 */
export async function createTestDatabase(options: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (adminUrl) {
    const template = options.fromScratch ? undefined : await postgresTemplate(adminUrl);
    const scratch = await createScratchDatabase(adminUrl, "citron_test", template);
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 5 });
    drop = scratch.drop;
  } else {
    const loadDataDir = options.fromScratch ? undefined : await pgliteTemplate();
    handle = await openDatabase({ dataDir: "memory://", loadDataDir });
  }
  if (options.fromScratch) await migrateDatabase(handle);
  return {
    ...handle,
    context(info = {}) {
      return createRequestContext({ requestId: "test", nonce: "", ...info }, handle.db);
    },
    async destroy() {
      await handle.close();
      await drop();
    },
  };
}

/** Advisory-lock key under which one process at a time builds a template database ("CITT"). */
const TEMPLATE_LOCK = 0x43_49_54_54;

let postgresTemplateName: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database to copy, `citron_template_<hash of the migrations>`: made by the
 * first test that needs it and kept, so a later run (or another worktree with the same migrations) copies it
 * too, and a changed migration makes a new one. Older templates stay until dropped by hand
 * (`alter database … is_template false`, then `drop database …`).
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplateName ??= makePostgresTemplate(adminUrl);
  return postgresTemplateName;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `citron_template_${migrationsHash()}`;
  await withClient(adminUrl, async (client) => {
    // Test files start in parallel: one builds the template, the others wait here and then find it made.
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      const found = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return;
      const build = await createScratchDatabase(adminUrl, "citron_template_build");
      try {
        const handle = await openDatabase({ databaseUrl: build.url, dataDir: "memory://", poolSize: 1 });
        try {
          await migrateDatabase(handle);
        } finally {
          await handle.close();
        }
        await untilDisconnected(client, build.name);
        // Named only once complete, so a run stopped half-way leaves no half-made template to copy. Closed to
        // connections: PostgreSQL copies a database only while nobody is connected to it.
        await client.query(`alter database ${build.name} rename to ${name}`);
        await client.query(`alter database ${name} with is_template true allow_connections false`);
      } catch (error) {
        await build.drop();
        throw error;
      }
    } finally {
      await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/** The first 12 hex digits of a SHA-256 over every file of the migrations folder, names and contents. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * A migrated PGlite data directory to start from (PGlite's `dumpDataDir()`): opening a new PGlite runs initdb,
 * far slower than loading a copy. Vitest runs each file in a new process, so the copy is kept as a file in this
 * run's folder (tests/support/database-setup.ts); the first files to need it make it.
 */
async function pgliteTemplate(): Promise<Blob> {
  // Undefined when Vitest runs without that setup (another config): then each file makes its own.
  const dir = inject("pgliteTemplateDir") as string | undefined;
  const file = dir && path.join(dir, "migrated.tar");
  if (file && existsSync(file)) return openAsBlob(file);
  const handle = await openDatabase({ dataDir: "memory://" });
  let dump: Blob;
  try {
    await migrateDatabase(handle);
    if (handle.notifications.kind !== "pglite") throw new Error("Expected PGlite");
    dump = await handle.notifications.client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
  if (file) {
    // Written aside and renamed: another process finds the whole file or none.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return dump;
}
