// test-class: none (lints and lists probe specs; opens no database)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

// A browser spec that is turned off or focused still lands green while the browser phase shrinks: lint refuses a
// committed .only, .skip, fixme and a test with no assertion (eslint-plugin-playwright's rules through oxlint's JS
// plugins, .oxlintrc.json's tests/e2e override), Playwright refuses .only in CI (forbidOnly), and .ci/run says it is
// CI. Each is shown on a probe file here.
const root = path.resolve(import.meta.dirname, "../..");
const oxlint = path.join(root, "node_modules/.bin/oxlint");
const playwright = path.join(root, "node_modules/.bin/playwright");
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const assertion = 'await expect(page).toHaveTitle("x");';
const header = 'import { expect, test } from "./fixtures";\nexport { expect };\n';
/** Probe files, each written under tests/e2e/ (not as a *.spec.ts, so no runner picks it up) and linted at once. */
const probes: Record<string, string> = {
  focused: `${header}test.only("a", async ({ page }) => { ${assertion} });`,
  focusedGroup: `${header}test.describe.only("a", () => { test("b", async ({ page }) => { ${assertion} }); });`,
  skipped: `${header}test.skip("a", async ({ page }) => { ${assertion} });`,
  skippedGroup: `${header}test.describe.skip("a", () => { test("b", async ({ page }) => { ${assertion} }); });`,
  fixme: `${header}test.fixme("a", async ({ page }) => { ${assertion} });`,
  fixmeInside: `${header}test("a", async ({ page }) => { test.fixme(); ${assertion} });`,
  fixmeGroup: `${header}test.describe.fixme("a", () => { test("b", async ({ page }) => { ${assertion} }); });`,
  noAssertion: `${header}test("a", async ({ page }) => { await page.goto("/"); });`,
  conditionalExpect: `${header}test("a", async ({ page }) => { if (page.url().includes("x")) { ${assertion} } });`,
  bareTest: `import { expect, test } from "@playwright/test";\ntest("a", async ({ page }) => { ${assertion} });`,
  fine: `${header}test("a", async ({ page }) => { ${assertion} });`,
  axe:
    'import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";\nexport { expect };\n' +
    'test("a", async ({ page }) => { await expectNoSeriousA11yViolations(page); });',
  skipWithReason: `${header}test.describe("a", () => { test.skip(!process.env.X, "needs X"); test("b", async ({ page }) => { ${assertion} }); });`,
};
const found = new Map<string, string[]>();

beforeAll(() => {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const files = Object.entries(probes).map(([name, source]) => {
    // The lint-probe- prefix is what tests/lint/request-context.test.ts passes over while these come and go.
    const file = `tests/e2e/lint-probe-${tag}-${name}.ts`;
    writeFileSync(path.join(root, file), `${source}\n`);
    found.set(name, []);
    return [name, file] as const;
  });
  try {
    const result = spawnSync(oxlint, ["-c", ".oxlintrc.json", "--format", "json", ...files.map(([, file]) => file)], {
      cwd: root,
      encoding: "utf8",
    });
    const report = JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; filename: string }> };
    for (const { code, filename } of report.diagnostics)
      found.get(files.find(([, file]) => file === filename)![0])!.push(code);
  } finally {
    for (const [, file] of files) rmSync(path.join(root, file), { force: true });
  }
}, 120_000);

/** The rules that refuse a probe. */
const lintSpec = (name: keyof typeof probes) => found.get(name)!.toSorted();

describe("the browser spec lint", () => {
  it("refuses a focused test or group", () => {
    expect(lintSpec("focused")).toEqual(["playwright(no-focused-test)"]);
    expect(lintSpec("focusedGroup")).toEqual(["playwright(no-focused-test)"]);
  });

  it("refuses a skipped test or group, and a fixme", () => {
    expect(lintSpec("skipped")).toEqual(["playwright(no-skipped-test)"]);
    expect(lintSpec("skippedGroup")).toEqual(["playwright(no-skipped-test)"]);
    expect(lintSpec("fixme")).toEqual(["eslint(no-restricted-properties)"]);
    expect(lintSpec("fixmeInside")).toEqual(["eslint(no-restricted-properties)"]);
    expect(lintSpec("fixmeGroup")).toEqual(["eslint(no-restricted-properties)"]);
  });

  it("refuses a test with no assertion, and an expect that runs only on a condition", () => {
    expect(lintSpec("noAssertion")).toEqual(["playwright(expect-expect)"]);
    expect(lintSpec("conditionalExpect")).toContain("playwright(no-conditional-expect)");
  });

  it("refuses test from @playwright/test, which has no server: specs take it from ./fixtures", () => {
    expect(lintSpec("bareTest")).toEqual(["eslint(no-restricted-imports)"]);
  });

  it("allows an assertion, the shared axe check, and a skip on a condition with its reason", () => {
    expect(lintSpec("fine")).toEqual([]);
    expect(lintSpec("axe")).toEqual([]);
    expect(lintSpec("skipWithReason")).toEqual([]);
  });
});

describe("Playwright in CI", () => {
  /** `playwright test --list` of one probe spec, with the project's own config (its forbidOnly and the rest). */
  function list(source: string, env: NodeJS.ProcessEnv) {
    // Inside the project, where @playwright/test resolves (test-results/ is ignored by git and the linters).
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    const dir = mkdtempSync(path.join(root, "test-results", "forbid-only-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, "probe.spec.ts"), `import { test } from "@playwright/test";\n${source}\n`);
    // The project's config with its test folder pointed at the probe (and no server to start for a list).
    writeFileSync(
      path.join(dir, "playwright.config.ts"),
      `import config from ${JSON.stringify(path.join(root, "playwright.config.ts"))};\n` +
        `export default { ...config, testDir: ${JSON.stringify(dir)}, webServer: undefined };\n`,
    );
    const { CI: _ci, ...rest } = process.env;
    return spawnSync(playwright, ["test", "--list", "--config", path.join(dir, "playwright.config.ts")], {
      cwd: root,
      encoding: "utf8",
      env: { ...rest, ...env },
    });
  }

  it("refuses a focused test when CI is set, and lists it otherwise", { timeout: 120_000 }, () => {
    const focused = 'test.only("focused", () => {});\ntest("other", () => {});';
    const inCi = list(focused, { CI: "true" });
    expect(inCi.status).not.toBe(0);
    expect(inCi.stdout + inCi.stderr).toContain(
      "item focused with '.only' is not allowed due to the 'forbidOnly' option",
    );
    const local = list(focused, {});
    expect(local.stderr).not.toContain("Error");
    expect(local.status).toBe(0);
    expect(local.stdout).toContain("focused");
  });

  it("is what .ci/run says it is: CI=true is exported before the tests run", () => {
    const script = readFileSync(path.join(root, ".ci/run"), "utf8");
    const exported = script.search(/^export CI=true$/m);
    expect(exported).toBeGreaterThan(-1);
    expect(exported).toBeLessThan(script.search(/^[^#\n]*\bnpm test$/m));
  });
});
