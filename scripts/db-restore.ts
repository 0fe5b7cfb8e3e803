// `npm run db:restore -- FILE [--force]`: loads a backup made by `npm run db:backup` into the embedded database
// (DATA_DIR/pglite; the current one is kept beside it as pglite.before-restore-<time>), with the server stopped.
// On PostgreSQL (DATABASE_URL set) it runs pg_restore --clean --if-exists into DATABASE_URL, and only with --force.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { env } from "~/core/env.server";
import { BackupError, restoreEmbedded } from "~/db/backup.server";
import { DatabaseInUseError } from "~/db/client.server";

const config = env();
const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Usage: npm run db:restore -- FILE [--force]");
  process.exit(2);
}

try {
  if (config.DATABASE_URL) {
    if (!force)
      throw new BackupError(
        "Restoring replaces what DATABASE_URL holds: stop every instance and run again with --force.",
      );
    const result = spawnSync(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--exit-on-error", "--dbname", config.DATABASE_URL, path.resolve(file)],
      { stdio: "inherit" },
    );
    if (result.error)
      throw new BackupError(`pg_restore could not run (${result.error.message}); install the PostgreSQL client tools.`);
    if (result.status !== 0) process.exit(result.status ?? 1);
    console.warn("PostgreSQL database restored.");
  } else {
    const kept = await restoreEmbedded(config.DATA_DIR, path.resolve(file), { force });
    console.warn(`Embedded database restored from ${file}${kept ? `; the previous one is in ${kept}` : ""}.`);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
