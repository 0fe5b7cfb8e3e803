import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { reactRouterInternals } from "./scripts/react-router-internals.ts";
import { everyClassRuns, filesByClass } from "./tests/test-classes.ts";

// Unit tests (pure modules) and integration tests (loaders and actions on a real database), one project per class of
// tests/test-classes.ts: `none` once; `both` on PGlite and on PostgreSQL; `pglite` once on PGlite; `postgres` once
// on PostgreSQL. PostgreSQL is the server TEST_DATABASE_URL points at; without it the PostgreSQL projects are left
// out (npm test says so). The pglite project runs with TEST_DATABASE_URL emptied, so the engine switch in
// tests/support/database.ts chooses PGlite there whatever the shell says.
const root = fileURLToPath(new URL(".", import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL ?? "";
// Every class has files (or the config fails to load), and no project passes having run nothing.
const classes = everyClassRuns(filesByClass(root));

const resolve = {
  tsconfigPaths: true,
  alias: reactRouterInternals,
};

function project(name: string, files: string[], env: Record<string, string>, setupFiles: string[] = []) {
  return {
    extends: false,
    resolve,
    test: {
      name,
      root,
      environment: "node",
      include: files,
      env: { NODE_ENV: "test", LOG_LEVEL: "silent", TEST_CLASS: name, ...env },
      setupFiles,
      // One migrated database per run, copied for each test file (tests/support/database.ts).
      globalSetup: ["tests/support/database-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks",
      // Two files at a time: Vitest's default on two cores is one, and most of a file's time is starting up (a
      // process, imports, a database copy) or waiting on PostgreSQL, not computing. Each project says it: the root's
      // maxWorkers does not reach projects that do not extend it.
      maxWorkers: 2,
    },
  } satisfies TestProjectInlineConfiguration;
}

const onPglite = { TEST_DATABASE_URL: "" };
const onPostgres = { TEST_DATABASE_URL: postgresUrl };
const projects = [
  project("none", classes.none, onPglite, ["tests/support/no-database.ts"]),
  project("pglite", [...classes.both, ...classes.pglite], onPglite),
  ...(postgresUrl ? [project("postgres", [...classes.both, ...classes.postgres], onPostgres)] : []),
];

export default defineConfig({
  resolve,
  test: {
    projects,
    passWithNoTests: false,
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
  },
});
