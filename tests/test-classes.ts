/**
 * Which database each test runs on (docs/testing.md): every test file is in exactly one class, read from the file
 * itself, so a new database test runs on both engines without anyone listing it and a test that needs no database
 * never runs twice.
 *
 * - `none`: opens no database. Runs once.
 * - `both`: uses the test database (tests/support/database.ts and the helpers built on it), or reads
 *   TEST_DATABASE_URL to choose an engine. Runs on PGlite and again on PostgreSQL.
 * - `pglite`: opens PGlite itself and never PostgreSQL (the embedded default's own behaviour). Runs once.
 * - `postgres`: proves something only PostgreSQL has. Runs once, on PostgreSQL.
 *
 * A file may say its class in a line of its own, `// test-class: pglite` (the reason after it), which wins over
 * what is read from the code. vitest.config.ts makes one project per class from this, the guard test
 * (tests/lint/test-classes.test.ts) checks the partition, and a `none` file that opens a database fails
 * (tests/support/no-database.ts). Plain TypeScript that Node runs as is, so scripts/*.mjs import it too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const TEST_CLASSES = ["none", "both", "pglite", "postgres"] as const;
export type TestClass = (typeof TEST_CLASSES)[number];

/** Where Vitest's unit and integration tests live (not tests/e2e, not the ops suite). */
export const TEST_ROOTS = ["app", "content", "scripts", "server", "tests/integration", "tests/lint"];
const TEST_FILE = /\.test\.tsx?$/;

/** Code that opens a database: the test database, a PGlite or PostgreSQL handle, or the engine switch itself. */
const DATABASE_USE = [
  /\bcreateTestDatabase\b/,
  /\bopenPaymentsTestbed\b/,
  /\bopenShopDatabase\b/,
  /\bopenDatabase\s*\(/,
  /\bcreateScratchDatabase\b/,
  /@electric-sql\/pglite/,
  /\bTEST_DATABASE_URL\b/,
];
const DECLARED = /^\s*\/\/\s*test-class:\s*(\w+)/m;
/** A value import (not `import type`) of a tests/support helper (by a relative path or the #tests alias), from a test file or from another helper. */
const SUPPORT_IMPORT =
  /^import\s+(?!type\b)[^;]*?from\s+["'](?:(?:\.\.?\/)+(?:[\w.-]+\/)*support|\.|#tests\/support)\/([\w-]+)(?:\.ts)?["']/gm;
const supportImports = (text: string) => [...text.matchAll(SUPPORT_IMPORT)].map((match) => match[1]!);

/** The tests/support helpers that open a database (directly or through another helper). */
export function databaseHelpers(root: string): Set<string> {
  const dir = path.join(root, "tests/support");
  const sources = new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => [name.replace(/\.ts$/, ""), readFileSync(path.join(dir, name), "utf8")]),
  );
  const found = new Set([...sources].filter(([, text]) => DATABASE_USE.some((use) => use.test(text))).map(([n]) => n));
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, text] of sources)
      if (!found.has(name) && supportImports(text).some((helper) => found.has(helper))) {
        found.add(name);
        grew = true;
      }
  }
  return found;
}

/** A file's class, from its `test-class:` line or else from what its code uses. Throws on an unknown class. */
export function classOf(file: string, text: string, helpers: Set<string>): TestClass {
  const declared = DECLARED.exec(text)?.[1];
  if (declared !== undefined) {
    if (!(TEST_CLASSES as readonly string[]).includes(declared))
      throw new Error(`${file}: unknown test-class "${declared}" (one of ${TEST_CLASSES.join(", ")})`);
    return declared as TestClass;
  }
  if (DATABASE_USE.some((use) => use.test(text))) return "both";
  if (supportImports(text).some((helper) => helpers.has(helper))) return "both";
  return "none";
}

function walk(dir: string, found: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (TEST_FILE.test(entry.name)) found.push(full);
  }
}

/** Every Vitest test file (relative to `root`, with / separators) and its class. */
export function testClasses(root: string): Map<string, TestClass> {
  const helpers = databaseHelpers(root);
  const files: string[] = [];
  for (const dir of TEST_ROOTS) walk(path.join(root, dir), files);
  return new Map(
    files
      .map((file) => path.relative(root, file).split(path.sep).join("/"))
      .sort()
      .map((file) => [file, classOf(file, readFileSync(path.join(root, file), "utf8"), helpers)]),
  );
}

/** The files of each class, for the Vitest projects. */
export function filesByClass(root: string): Record<TestClass, string[]> {
  const byClass: Record<TestClass, string[]> = { none: [], both: [], pglite: [], postgres: [] };
  for (const [file, testClass] of testClasses(root)) byClass[testClass].push(file);
  return byClass;
}

/**
 * The files of each class, refusing a class with none: an emptied class would otherwise be a project whose pattern
 * matches nothing, and a run that passes while it ran zero of its tests. Remove the class from TEST_CLASSES (and
 * its project from vitest.config.ts) when it is meant to be gone.
 */
export function everyClassRuns(byClass: Record<TestClass, string[]>): Record<TestClass, string[]> {
  const empty = TEST_CLASSES.filter((testClass) => byClass[testClass].length === 0);
  if (empty.length > 0)
    throw new Error(
      `test class ${empty.join(", ")} has no test files, so its project would run zero tests: give it a test, or ` +
        "remove the class from TEST_CLASSES in tests/test-classes.ts and its project from vitest.config.ts",
    );
  return byClass;
}

/**
 * Browser specs whose behaviour differs by engine: they run on PostgreSQL with the rest of the browser suite and
 * again on PGlite. Each is named with why.
 */
export const ENGINE_SPECS: Record<string, string> = {
  "live-feed.spec.ts": "the product feed is LISTEN/NOTIFY on PostgreSQL and in-process on PGlite",
  "stock-holds.spec.ts": "stock is reserved in one statement whose locking differs by engine",
  "stale-stock.spec.ts": "the stock check races a concurrent change",
  "shop.spec.ts": "cart holds and checkout open in transactions",
  "payments.spec.ts": "checkout, the webhook and fulfilment write in transactions",
  "refunds.spec.ts": "refunds are claimed under row locks",
  "monthly.spec.ts": "renewals are recorded idempotently under a unique index",
  "campaign.spec.ts": "a gift drops the cached /donate only through the campaigns' change channel",
  "personal-pages.spec.ts": "personal pages are filled from the cache and the change channel",
};

/**
 * The public pages a change channel alone drops from the page cache (server/page-cache.ts subscribes to each
 * channel with the pages it invalidates), read from that file: a spec named for "the change channel" must read one
 * of them from the cache, and a spec that does is named (tests/lint/test-classes.test.ts).
 */
export function channelDroppedPages(root: string): string[] {
  const text = readFileSync(path.join(root, "server/page-cache.ts"), "utf8");
  const subscription = /subscribe\(\s*\w+Channel\s*,\s*\(\)\s*=>\s*invalidateLocalPublicPages\(\[([^\]]*)\]\)/g;
  return [...text.matchAll(subscription)].flatMap((match) =>
    [...match[1]!.matchAll(/["'](\/[^"']*)["']/g)].map((page) => page[1]!),
  );
}

/** Whether a browser spec's source reads one of `pages` from the page cache (a cache hit asserted, and the page asked for). */
export function readsCachedPage(text: string, pages: string[]): boolean {
  const hit = /\["x-page-cache"\][^;]*\.toBe\("hit"\)/.test(text);
  return hit && pages.some((page) => new RegExp(`["'\`]${page}\\b`).test(text));
}
