// test-class: pglite (the embedded database's backups: it opens PGlite itself, the same on either engine's run)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, backupEmbedded, restoreEmbedded } from "~/db/backup.server";
import { DatabaseInUseError, openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";

/** Backups (decision 0029): `npm run db:backup` / `db:restore` on the embedded database (PostgreSQL's: backup.postgres.test.ts). */
const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-backup-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function npmRun(script: string, args: string[], env: Record<string, string>) {
  // The npm script's command without its --env-file-if-exists=.env: a developer's .env must not reach the test.
  return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script.replace(":", "-")}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent", DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

async function embeddedWithRow(dataDir: string, name: string) {
  const handle = await openDatabase({ dataDir });
  await migrateDatabase(handle);
  await handle.db.execute(
    sql`insert into contact_us (name, email, inquiry_purpose, comment) values (${name}, 'kept@example.org', 'other', 'kept')`,
  );
  await handle.close();
}

async function embeddedNames(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const result = (await handle.db.execute(sql`select name from contact_us order by name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows.map((row) => row.name);
  } finally {
    await handle.close();
  }
}

describe("embedded database backups", () => {
  // One pass, few openings: each opening of an on-disk PGlite costs seconds.
  it("npm run db:backup copies it under DATA_DIR/backups, refused while a server holds it; a restore brings every row back, never over a database without --force", async () => {
    const source = tempDir();
    await embeddedWithRow(source, "Before Backup");
    const backup = npmRun("db:backup", [], { DATA_DIR: source });
    expect({ status: backup.status, stderr: backup.stderr }).toMatchObject({ status: 0 });
    const [name] = readdirSync(path.join(source, "backups"));
    expect(name).toMatch(/^citron-pglite-.*\.tar\.gz$/);
    const file = path.join(source, "backups", name!);

    // A live process other than this one holds the lock, as a running server does.
    writeFileSync(path.join(source, "pglite.pid"), String(process.ppid));
    await expect(backupEmbedded(source, path.join(tempDir(), "x.tar.gz"))).rejects.toThrow(DatabaseInUseError);

    const target = tempDir();
    expect(await restoreEmbedded(target, file)).toBeUndefined();
    expect(await embeddedNames(target)).toEqual(["Before Backup"]);
    await expect(restoreEmbedded(target, file)).rejects.toThrow(BackupError);
    await expect(restoreEmbedded(target, path.join(target, "missing.tar.gz"), { force: true })).rejects.toThrow(
      BackupError,
    );
    const kept = await restoreEmbedded(target, file, { force: true });
    expect(kept && existsSync(path.join(kept, "PG_VERSION"))).toBe(true);
  }, 120_000);
});
