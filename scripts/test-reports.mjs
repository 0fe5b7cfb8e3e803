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
