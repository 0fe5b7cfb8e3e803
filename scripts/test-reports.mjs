// Reading the test runners' JSON reports for scripts/test-all.mjs and .ci/run: how many passed, failed and
// were skipped, and which tests failed with the first line of their error. The failures are repeated at the
// end of a run because CI shows only the tail of its output.
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/** The first line of an error that says what went wrong, without terminal colours or stack frames. */
export function firstLine(message = "") {
  return (
    stripVTControlCharacters(message)
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith("at ")) ?? ""
  );
}

/** Test files that failed before any of their tests ran (an import error, a failing beforeAll at load). */
const brokenFiles = (report) =>
  (report.testResults ?? []).filter((file) => file.status === "failed" && (file.assertionResults ?? []).length === 0);

export function vitestCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles(report).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

export function vitestFailures(report, root = process.cwd()) {
  const broken = new Set(brokenFiles(report));
  return (report.testResults ?? []).flatMap((file) => {
    const name = path.relative(root, file.name);
    if (broken.has(file)) return [{ test: name, error: firstLine(file.message) }];
    return (file.assertionResults ?? [])
      .filter((test) => test.status === "failed")
      .map((test) => ({ test: `${name} › ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) }));
  });
}

export function playwrightCounts(report) {
  return {
    passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
    failed: report.stats?.unexpected ?? 0,
    skipped: report.stats?.skipped ?? 0,
  };
}

export function playwrightFailures(report) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected")
          found.push({
            test: `${spec.file}:${spec.line} › ${[...trail, spec.title].join(" › ")}`,
            error: firstLine(test.results?.at(-1)?.error?.message),
          });
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  // The top suites are files, already named by spec.file.
  for (const file of report.suites ?? []) walk(file, []);
  // Errors outside any test: a web server that did not start, a file that did not load.
  for (const error of report.errors ?? []) found.push({ test: "(the run)", error: firstLine(error.message) });
  return found;
}

/** Lines for the end of a run: each failure's step, test and error, at most `limit` of them. */
export function failureLines(failures, limit = 20) {
  const lines = failures
    .slice(0, limit)
    .map((failure) => `  ✗ ${failure.step}: ${failure.test}\n      ${failure.error.slice(0, 300)}`);
  if (failures.length > limit) lines.push(`  … and ${failures.length - limit} more (in reports/*/summary.json)`);
  return lines;
}

/** Every Playwright test of a report with its file, title trail and results. */
function playwrightTests(report) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        found.push({ name: `${spec.file} › ${[...trail, spec.title].join(" › ")}`, file: spec.file, test });
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  return found;
}

/** The browser tests that failed first and passed on a retry, named with their step. */
export function flakyTests(playwrightReports) {
  return playwrightReports.flatMap(({ step, report }) =>
    playwrightTests(report)
      .filter(({ test }) => test.status === "flaky")
      .map(({ name }) => `${step}: ${name}`),
  );
}

/**
 * How many different tests ran, and how many runs they made: a database test runs once per engine, so the runs are
 * more than the tests, and a smaller total after a change is not read as lost coverage.
 */
export function uniqueTests({ vitest = [], playwright = [] }, root = process.cwd()) {
  const keys = new Set();
  let runs = 0;
  for (const { step, report } of vitest)
    for (const file of report.testResults ?? [])
      for (const test of file.assertionResults ?? []) {
        runs += 1;
        keys.add(
          `${step === "two instances and faults" ? "ops:" : ""}${path.relative(root, file.name)} › ${test.fullName}`,
        );
      }
  for (const { report } of playwright)
    for (const { name } of playwrightTests(report)) {
      runs += 1;
      keys.add(`e2e:${name}`);
    }
  return { unique: keys.size, runs };
}

/** The `limit` slowest tests and files over every report, in seconds, each named with its step. */
export function slowest({ vitest = [], playwright = [] }, limit = 15, root = process.cwd()) {
  const tests = [];
  const files = new Map();
  const addFile = (name, seconds) => files.set(name, (files.get(name) ?? 0) + seconds);
  for (const { step, report } of vitest)
    for (const file of report.testResults ?? []) {
      const name = path.relative(root, file.name);
      addFile(`${step}: ${name}`, ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000);
      for (const test of file.assertionResults ?? [])
        tests.push({ name: `${step}: ${name} › ${test.fullName}`, seconds: (test.duration ?? 0) / 1000 });
    }
  for (const { step, report } of playwright)
    for (const { name, file, test } of playwrightTests(report)) {
      const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
      tests.push({ name: `${step}: ${name}`, seconds });
      addFile(`${step}: ${file}`, seconds);
    }
  const top = (list) => list.sort((a, b) => b.seconds - a.seconds).slice(0, limit);
  return { tests: top(tests), files: top([...files].map(([name, seconds]) => ({ name, seconds }))) };
}

/** The run's phases as a Markdown table: seconds, budget, share of the total, and a mark where over budget. */
export function phaseTable(steps, budgets, { totalSeconds, totalBudget }) {
  const rows = steps.map((step) => {
    const budget = budgets[step.name];
    const share = totalSeconds > 0 ? `${Math.round((step.seconds / totalSeconds) * 100)}%` : "";
    const state = step.skipped
      ? "skipped"
      : !step.ok
        ? "FAILED"
        : budget && step.seconds > budget
          ? "over budget"
          : step.beside
            ? "in parallel"
            : "";
    return `| ${step.name} | ${step.seconds.toFixed(1)} | ${budget ?? ""} | ${share} | ${state} |`;
  });
  const over = totalSeconds > totalBudget ? "OVER BUDGET" : "";
  return [
    "| phase | seconds | budget | share | |",
    "|---|---:|---:|---:|---|",
    ...rows,
    `| total | ${totalSeconds.toFixed(1)} | ${totalBudget} | 100% | ${over} |`,
  ];
}

/** What breaks the run's budget: over its total time, or more flaky tests than allowed. Each is one failure. */
export function budgetFailures({ totalSeconds, totalBudget, flaky, flakyAllowed, strict = false }) {
  const found = [];
  // Time alone fails a run only past twice its budget (or under a strict setting): a slower or busier machine than the
  // one the budget was measured on reports its overrun loudly (overBudgetWarnings) but never blocks a landing.
  const limit = strict ? totalBudget : 2 * totalBudget;
  if (totalSeconds > limit)
    found.push(
      `the run took ${Math.round(totalSeconds)} s, over ${strict ? "its budget" : "twice its budget"} of ${totalBudget} s (see the phase table)`,
    );
  if (flaky > flakyAllowed) found.push(`${flaky} flaky tests, more than the ${flakyAllowed} allowed (listed above)`);
  return found;
}

/** Loud lines for every phase over its budget and a total over budget that does not fail the run. */
export function overBudgetWarnings(steps, budget, { totalSeconds, totalBudget }) {
  const lines = steps
    .filter((step) => budget[step.name] !== undefined && step.seconds > budget[step.name])
    .map((step) => `phase "${step.name}" took ${step.seconds} s, over its budget of ${budget[step.name]} s`);
  if (totalSeconds > totalBudget)
    lines.push(`the run took ${Math.round(totalSeconds)} s, over its budget of ${totalBudget} s`);
  return lines;
}
