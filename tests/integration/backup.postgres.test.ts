// test-class: postgres (pg_dump and a restore on a copy of a PostgreSQL database)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { createScratchDatabase } from "../support/scratch-database";

/** Backups (decision 0029) on PostgreSQL: `npm run db:backup` / `db:restore` (the embedded database's: backup.test.ts). */
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

describe("PostgreSQL backups (pg_dump, restored on a copy)", () => {
  it("db:backup dumps with pg_dump; db:restore --force loads it into another database with every row", async () => {
    const source = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "citron_backup_src");
    const copy = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "citron_backup_copy");
    try {
      const handle = await openDatabase({ databaseUrl: source.url, dataDir: "memory://", poolSize: 2 });
      await migrateDatabase(handle);
      await handle.db.execute(
        sql`insert into contact_us (name, email, inquiry_purpose, comment) select 'Row ' || g, 'r@example.org', 'other', 'c' from generate_series(1, 50) g`,
      );
      await handle.close();
      const file = path.join(tempDir(), "citron.dump");
      const backup = npmRun("db:backup", ["--out", file], { DATABASE_URL: source.url, DATA_DIR: tempDir() });
      expect({ status: backup.status, stderr: backup.stderr }).toMatchObject({ status: 0 });
      expect(existsSync(file)).toBe(true);

      const refused = npmRun("db:restore", [file], { DATABASE_URL: copy.url, DATA_DIR: tempDir() });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("--force");
      const restore = npmRun("db:restore", [file, "--force"], { DATABASE_URL: copy.url, DATA_DIR: tempDir() });
      expect({ status: restore.status, stderr: restore.stderr }).toMatchObject({ status: 0 });

      const client = new pg.Client({ connectionString: copy.url });
      await client.connect();
      const rows = await client.query<{ n: number }>("select count(*)::int as n from contact_us");
      const migrations = await client.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      await client.end();
      expect(rows.rows[0]!.n).toBe(50);
      expect(migrations.rows[0]!.n).toBe(
        readdirSync(path.join(root, "app/db/migrations")).filter((f) => f.endsWith(".sql")).length,
      );
    } finally {
      await source.drop();
      await copy.drop();
    }
  }, 120_000);
});
