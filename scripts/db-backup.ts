// `npm run db:backup [-- --out FILE]`: a consistent copy of the embedded database (DATA_DIR/pglite) as a .tar.gz,
// by default under DATA_DIR/backups/. Stop the server first: the data directory's lock refuses a copy while it
// runs. On PostgreSQL (DATABASE_URL set) it runs pg_dump --format=custom instead (docs/operations.md, "Backups").
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { env } from "~/core/env.server";
import { BackupError, backupEmbedded } from "~/db/backup.server";
import { DatabaseInUseError } from "~/db/client.server";

const config = env();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const outIndex = process.argv.indexOf("--out");
const postgres = Boolean(config.DATABASE_URL);
const out = path.resolve(
  outIndex > 0 && process.argv[outIndex + 1]
    ? process.argv[outIndex + 1]!
    : path.join(
        config.DATA_DIR,
        "backups",
        `citron-${postgres ? "postgres" : "pglite"}-${stamp}.${postgres ? "dump" : "tar.gz"}`,
      ),
);

try {
  if (postgres) {
    mkdirSync(path.dirname(out), { recursive: true });
    // --format=custom: compressed, and pg_restore can restore it selectively and in parallel.
    const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--file", out, config.DATABASE_URL!], {
      stdio: "inherit",
    });
    if (result.error)
      throw new BackupError(`pg_dump could not run (${result.error.message}); install the PostgreSQL client tools.`);
    if (result.status !== 0) process.exit(result.status ?? 1);
    console.warn(`PostgreSQL backup written to ${out}`);
  } else {
    const bytes = await backupEmbedded(config.DATA_DIR, out);
    console.warn(`Embedded database backup written to ${out} (${Math.round(bytes / 1024)} KB)`);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
