/**
 * Backups (decision 0029). The embedded database is copied with PGlite's own
 * dump of its data directory (a .tar.gz), taken by a process that holds the
 * data directory's lock, so the copy is consistent: the server must be
 * stopped first (the lock says so when it is not). PostgreSQL is backed up
 * with pg_dump (docs/operations.md); these helpers only cover the embedded case.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteOptions, takeProcessLock } from "./client.server";

export class BackupError extends Error {}

/** Writes a consistent copy of DATA_DIR's embedded database to `file` (gzip tar); returns its size. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dataDir, "pglite")))
    throw new BackupError(`There is no embedded database in ${dataDir}/pglite.`);
  // Opening takes the data directory's lock: a running server makes this fail with a clear message.
  const handle = await openDatabase({ dataDir });
  try {
    if (handle.notifications.kind !== "pglite") throw new BackupError("not an embedded database");
    const client = handle.notifications.client;
    // A checkpoint first, so the copy needs no recovery when it is loaded.
    await client.exec("checkpoint");
    const dump = await client.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, bytes, { mode: 0o600 });
    return bytes.length;
  } finally {
    await handle.close();
  }
}

/**
 * Loads a backup into DATA_DIR/pglite. An existing database is kept, renamed
 * to pglite.before-restore-<time>, and only with `force`; the server must be
 * stopped. Returns where the old database went, if there was one.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<string | undefined> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const target = path.join(dataDir, "pglite");
  const occupied = existsSync(target) && readdirSync(target).length > 0;
  if (occupied && !options.force) {
    throw new BackupError(
      `${target} already holds a database. Stop the server and run the restore again with --force (the current database is kept beside it).`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const release = takeProcessLock(path.join(dataDir, "pglite.pid"));
  let kept: string | undefined;
  try {
    if (occupied) {
      kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(target, kept);
    }
    const blob = new Blob([readFileSync(file)]);
    const client = new PGlite(target, { ...pgliteOptions, loadDataDir: blob });
    await client.waitReady;
    // A backup that does not load a readable database is refused, and the old one put back.
    try {
      await client.query("select count(*) from drizzle.__drizzle_migrations");
    } finally {
      await client.close();
    }
    return kept;
  } catch (error) {
    if (kept) {
      const failed = `${target}.failed-restore-${Date.now()}`;
      if (existsSync(target)) renameSync(target, failed);
      renameSync(kept, target);
    }
    throw error;
  } finally {
    release();
  }
}
