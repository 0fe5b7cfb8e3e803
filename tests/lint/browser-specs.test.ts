// test-class: none (lints and lists probe specs; opens no database)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

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

/** The rules that refuse `source` written as a file under tests/e2e/ (not a *.spec.ts, so no runner picks it up). */
function lintSpec(source: string): string[] {
  const file = path.join(root, "tests/e2e", `lint-probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, `import { expect, test } from "@playwright/test";\nexport { expect };\n${source}\n`);
  cleanups.push(() => rmSync(file, { force: true }));
  const result = spawnSync(oxlint, ["-c", ".oxlintrc.json", "--format", "json", path.relative(root, file)], {
    cwd: root,
    encoding: "utf8",
  });
  const report = JSON.parse(result.stdout) as { diagnostics: Array<{ code: string }> };
  return report.diagnostics.map((diagnostic) => diagnostic.code);
}

const assertion = 'await expect(page).toHaveTitle("x");';

describe("the browser spec lint", () => {
  it("refuses a focused test or group", () => {
    expect(lintSpec(`test.only("a", async ({ page }) => { ${assertion} });`)).toEqual(["playwright(no-focused-test)"]);
    expect(lintSpec(`test.describe.only("a", () => { test("b", async ({ page }) => { ${assertion} }); });`)).toEqual([
      "playwright(no-focused-test)",
    ]);
  });

  it("refuses a skipped test or group, and a fixme", () => {
    expect(lintSpec(`test.skip("a", async ({ page }) => { ${assertion} });`)).toEqual(["playwright(no-skipped-test)"]);
    expect(lintSpec(`test.describe.skip("a", () => { test("b", async ({ page }) => { ${assertion} }); });`)).toEqual([
      "playwright(no-skipped-test)",
    ]);
    expect(lintSpec(`test.fixme("a", async ({ page }) => { ${assertion} });`)).toEqual([
      "eslint(no-restricted-properties)",
    ]);
    expect(lintSpec(`test("a", async ({ page }) => { test.fixme(); ${assertion} });`)).toEqual([
      "eslint(no-restricted-properties)",
    ]);
    expect(lintSpec(`test.describe.fixme("a", () => { test("b", async ({ page }) => { ${assertion} }); });`)).toEqual([
      "eslint(no-restricted-properties)",
    ]);
  });

  it("refuses a test with no assertion, and an expect that runs only on a condition", () => {
    expect(lintSpec(`test("a", async ({ page }) => { await page.goto("/"); });`)).toEqual([
      "playwright(expect-expect)",
    ]);
    expect(lintSpec(`test("a", async ({ page }) => { if (page.url().includes("x")) { ${assertion} } });`)).toContain(
      "playwright(no-conditional-expect)",
    );
  });

  it("allows an assertion, the shared axe check, and a skip on a condition with its reason", () => {
    expect(lintSpec(`test("a", async ({ page }) => { ${assertion} });`)).toEqual([]);
    expect(
      lintSpec(
        `declare function expectNoSeriousA11yViolations(page: unknown): Promise<void>;\n` +
          `test("a", async ({ page }) => { await expectNoSeriousA11yViolations(page); });`,
      ),
    ).toEqual([]);
    expect(
      lintSpec(
        `test.describe("a", () => { test.skip(!process.env.X, "needs X"); test("b", async ({ page }) => { ${assertion} }); });`,
      ),
    ).toEqual([]);
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

  it("refuses a focused test when CI is set, and lists it otherwise", () => {
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
