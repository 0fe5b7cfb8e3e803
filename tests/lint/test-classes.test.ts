// test-class: none (it names database helpers in its samples, and proves that opening one here fails)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import {
  channelDroppedPages,
  classOf,
  databaseHelpers,
  ENGINE_SPECS,
  everyClassRuns,
  filesByClass,
  readsCachedPage,
  TEST_CLASSES,
  testClasses,
} from "../test-classes";

// The class guard of docs/testing.md: every Vitest file is in exactly one class, the projects of vitest.config.ts are
// made from those classes, and a file that opens a database never sits in the class that runs once on no engine.
const root = path.resolve(import.meta.dirname, "../..");
const noHelpers = new Set<string>();

describe("test classes", () => {
  it("puts every test file in exactly one class", () => {
    const classes = testClasses(root);
    const byClass = filesByClass(root);
    const listed = Object.values(byClass).flat();
    expect(listed).toHaveLength(classes.size);
    expect(new Set(listed).size).toBe(listed.length);
    for (const [file, testClass] of classes) {
      expect(TEST_CLASSES).toContain(testClass);
      expect(byClass[testClass]).toContain(file);
    }
    // The guard reads the tree it guards: its own file, a database test and a PostgreSQL-only one.
    expect(classes.get("tests/lint/test-classes.test.ts")).toBe("none");
    expect(classes.get("app/features/payments/checkout/checkout.server.test.ts")).toBe("both");
    expect(classes.get("app/db/close.server.test.ts")).toBe("postgres");
  });

  it("sends a new database test to both engines by itself, and a pure one to none", () => {
    const helpers = new Set(["database", "testbed"]);
    const uses = (code: string) => classOf("x.test.ts", code, helpers);
    expect(uses(`import { createTestDatabase } from "../../../tests/support/database";`)).toBe("both");
    expect(uses(`import { openShopDatabase } from "../../../tests/support/testbed";`)).toBe("both");
    expect(uses(`import { signUp } from "../../tests/support/testbed.ts";`)).toBe("both");
    expect(uses(`const url = process.env.TEST_DATABASE_URL;`)).toBe("both");
    expect(uses(`const handle = await openDatabase({ dataDir: "memory://" });`)).toBe("both");
    expect(uses(`import { formatCents } from "./format";\nit("formats", () => {});`)).toBe("none");
    expect(uses(`import { aRow } from "../../tests/support/stripe-stand-in";`)).toBe("none");
  });

  it("lets a file say its class, and refuses a class that does not exist", () => {
    expect(classOf("x.test.ts", "// test-class: pglite (first start)\nopenDatabase({})", noHelpers)).toBe("pglite");
    expect(classOf("x.test.ts", "// test-class: postgres\n", noHelpers)).toBe("postgres");
    expect(() => classOf("x.test.ts", "// test-class: sqlite\n", noHelpers)).toThrow(/unknown test-class "sqlite"/);
  });

  it("fails a class that runs zero tests instead of passing it", async () => {
    const byClass = filesByClass(root);
    expect(everyClassRuns(byClass)).toBe(byClass);
    expect(() => everyClassRuns({ ...byClass, pglite: [] })).toThrow(
      /test class pglite has no test files, so its project would run zero tests: give it a test, or remove the class/,
    );
    // A run that finds no file fails (passWithNoTests, a setting of the whole run), and each project has files.
    const { default: config } = await import("../../vitest.config");
    const projects = config.test!.projects as Array<{ test: { name: string; include: string[] } }>;
    expect(config.test!.passWithNoTests).toBe(false);
    expect(projects.filter(({ test }) => test.include.length === 0)).toEqual([]);
  });

  it("finds the support helpers that open a database, and not those that only name its type", () => {
    const helpers = databaseHelpers(root);
    expect([...helpers]).toEqual(expect.arrayContaining(["database", "scratch-database", "testbed"]));
    // contact.ts takes the caller's database (a type import): a test using it alone opens none.
    expect(helpers.has("contact")).toBe(false);
    expect(helpers.has("stripe-stand-in")).toBe(false);
    const uses = (code: string) => classOf("x.test.ts", code, helpers);
    expect(uses(`import type { TestDatabase } from "../../tests/support/database";`)).toBe("none");
    expect(uses(`import { submitContact } from "../../tests/support/contact";`)).toBe("none");
  });

  it("fails a file of the no-database class that opens a database", async () => {
    // This file is in that class, so tests/support/no-database.ts is set up here as it is for every such file.
    expect(process.env.TEST_CLASS).toBe("none");
    await expect(async () => openDatabase({ dataDir: "memory://" })).rejects.toThrow(
      /in the `none` class \(tests\/test-classes.ts\) but opened a database/,
    );
  });

  it("leaves no test of a file that runs on both engines to one engine alone (it would be skipped on the other)", () => {
    const engineOnly = /\.(?:runIf|skipIf)\(\s*!?\s*process\.env\.TEST_DATABASE_URL/;
    const mixed = filesByClass(root).both.filter((file) =>
      engineOnly.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(mixed).toEqual([]);
    expect(engineOnly.test('describe.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {});')).toBe(true);
  });

  it("names browser specs that run on both engines only where they exist", () => {
    const missing = Object.keys(ENGINE_SPECS).filter((spec) => !existsSync(path.join(root, "tests/e2e", spec)));
    expect(missing).toEqual([]);
  });

  it("names a browser spec for the change channel only if it reads a page only a channel drops, and names every such spec", () => {
    const pages = channelDroppedPages(root);
    // The catalogue's channel drops /fees, the campaigns' /donate (server/page-cache.ts).
    expect(pages.toSorted()).toEqual(["/donate", "/fees"]);
    const source = (spec: string) => readFileSync(path.join(root, "tests/e2e", spec), "utf8");
    const named = Object.entries(ENGINE_SPECS)
      .filter(([, why]) => why.includes("change channel"))
      .map(([spec]) => spec);
    expect(named.filter((spec) => !readsCachedPage(source(spec), pages))).toEqual([]);
    const reading = readdirSync(path.join(root, "tests/e2e"))
      .filter((spec) => spec.endsWith(".spec.ts") && readsCachedPage(source(spec), pages))
      .toSorted();
    expect(reading).toEqual(named.toSorted());
    // The check itself: the page cache's own spec reads /guide from the cache, a page no channel drops.
    expect(readsCachedPage(source("page-cache.spec.ts"), pages)).toBe(false);
    expect(
      readsCachedPage('expect(r.headers()["x-page-cache"]).toBe("hit");\nawait page.goto(`/donate?x=1`);', pages),
    ).toBe(true);
  });
});
