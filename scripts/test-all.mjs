// `npm test`: lint, typecheck, unit and integration tests, a production
// build, then the browser tests. Each step runs even if an earlier one failed
// (the browser tests need the build). Totals go to reports/summary.json and
// the last line reads `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { failureLines, playwrightCounts, playwrightFailures, vitestCounts, vitestFailures } from "./test-reports.mjs";

const reports = path.resolve("reports", process.env.REPORT_NAME ?? "local");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];
const failures = [];

function run(name, command, args, env = {}) {
  console.warn(`\n━━ ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

/** A check that is not a test runner counts as one test. */
function check(name, command, args) {
  const ok = run(name, command, args);
  totals[ok ? "passed" : "failed"] += 1;
  return ok;
}

/** A test runner's own counts, read from its JSON report. */
function suite(name, command, args, reportFile, envName, count, failed) {
  const file = path.join(reports, reportFile);
  const ok = run(name, command, args, { [envName]: file });
  let counted = false;
  if (existsSync(file)) {
    try {
      const report = JSON.parse(readFileSync(file, "utf8"));
      const counts = count(report);
      for (const failure of failed(report)) failures.push({ step: name, ...failure });
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      counted = counts.passed + counts.failed > 0;
      if (!ok && counts.failed === 0) totals.failed += 1; // the runner itself failed
    } catch {
      // fall through
    }
  }
  if (!counted) totals[ok ? "passed" : "failed"] += ok ? 0 : 1;
  return ok;
}

check("lint", "npm", ["run", "--silent", "lint"]);
check("typecheck", "npm", ["run", "--silent", "typecheck"]);
suite(
  "unit and integration tests",
  "npx",
  ["vitest", "run"],
  "vitest.json",
  "VITEST_JSON",
  vitestCounts,
  vitestFailures,
);
rmSync(process.env.BUILD_DIR ?? "build", { recursive: true, force: true });
const built = check("production build", "npm", ["run", "--silent", "build"]);
if (built) {
  // Two instances and faults (decision 0029): production servers on PostgreSQL; skipped with a message on PGlite.
  if (!process.env.TEST_DATABASE_URL)
    console.warn("\n━━ two instances and faults: skipped (needs PostgreSQL: set TEST_DATABASE_URL)");
  else
    suite(
      "two instances and faults",
      "npx",
      ["vitest", "run", "--config", "vitest.ops.config.ts"],
      "ops.json",
      "VITEST_JSON",
      vitestCounts,
      vitestFailures,
    );
  suite(
    "browser tests",
    "node",
    ["scripts/e2e.mjs"],
    "playwright.json",
    "PLAYWRIGHT_JSON",
    playwrightCounts,
    playwrightFailures,
  );
} else {
  steps.push(
    { name: "two instances and faults", ok: false, seconds: 0 },
    { name: "browser tests", ok: false, seconds: 0 },
  );
  totals.failed += 2;
}

writeFileSync(path.join(reports, "summary.json"), JSON.stringify({ totals, steps, failures }, null, 2));
console.warn("\n━━ summary");
for (const step of steps) console.warn(`${step.ok ? "ok  " : "FAIL"} ${step.name} (${step.seconds}s)`);
for (const line of failureLines(failures)) console.warn(line);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || steps.some((step) => !step.ok) ? 1 : 0);
