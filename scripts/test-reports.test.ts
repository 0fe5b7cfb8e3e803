import { describe, expect, it } from "vitest";
import {
  budgetFailures,
  overBudgetWarnings,
  failureLines,
  firstLine,
  flakyTests,
  phaseTable,
  playwrightCounts,
  playwrightFailures,
  slowest,
  uniqueTests,
  vitestCounts,
  vitestFailures,
} from "./test-reports.mjs";

// Trimmed from real reports: Vitest's json reporter and Playwright's.
const vitestReport = {
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 0,
  testResults: [
    {
      name: "/repo/tests/ops/a.test.ts",
      status: "failed",
      message: "",
      assertionResults: [
        {
          fullName: "group fails",
          status: "failed",
          failureMessages: ["AssertionError: expected 1 to be 2 // Object.is equality\n    at /repo/a.test.ts:2:57"],
        },
        { fullName: "group passes", status: "passed", failureMessages: [] },
      ],
    },
    { name: "/repo/tests/ops/b.test.ts", status: "failed", message: "cannot load", assertionResults: [] },
    { name: "/repo/tests/ops/c.test.ts", status: "passed", message: "", assertionResults: [] },
  ],
};

const playwrightReport = {
  stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
  suites: [
    {
      title: "x.spec.ts",
      file: "x.spec.ts",
      specs: [],
      suites: [
        {
          title: "outer",
          file: "x.spec.ts",
          specs: [
            {
              title: "fails here",
              file: "x.spec.ts",
              line: 2,
              tests: [
                {
                  status: "unexpected",
                  results: [
                    { status: "failed", error: { message: "Error: first try" } },
                    {
                      status: "failed",
                      error: {
                        message:
                          "Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22mexpected)\n\nExpected: 2",
                      },
                    },
                  ],
                },
              ],
            },
            { title: "flaky", file: "x.spec.ts", line: 3, tests: [{ status: "flaky", results: [] }] },
          ],
        },
      ],
    },
  ],
  errors: [{ message: "Error: Timed out waiting 60000ms from config.webServer." }],
};

describe("test reports", () => {
  it("firstLine drops colours, blank lines and stack frames", () => {
    expect(firstLine("\n  \u001b[31mError: boom\u001b[39m\n    at x.ts:1:1")).toBe("Error: boom");
    expect(firstLine("    at x.ts:1:1\nwhat happened")).toBe("what happened");
    expect(firstLine(undefined)).toBe("");
  });

  it("counts a Vitest file that failed before its tests ran as a failure", () => {
    expect(vitestCounts(vitestReport)).toEqual({ passed: 1, failed: 2, skipped: 2 });
  });

  it("names each failed Vitest test with its file and first error line, and each file that did not load", () => {
    expect(vitestFailures(vitestReport, "/repo")).toEqual([
      { test: "tests/ops/a.test.ts › group fails", error: "AssertionError: expected 1 to be 2 // Object.is equality" },
      { test: "tests/ops/b.test.ts", error: "cannot load" },
    ]);
  });

  it("counts Playwright's flaky tests as passed and names each unexpected one by its last try", () => {
    expect(playwrightCounts(playwrightReport)).toEqual({ passed: 4, failed: 1, skipped: 2 });
    expect(playwrightFailures(playwrightReport)).toEqual([
      { test: "x.spec.ts:2 › outer › fails here", error: "Error: expect(received).toBe(expected)" },
      { test: "(the run)", error: "Error: Timed out waiting 60000ms from config.webServer." },
    ]);
  });

  it("failureLines lists at most the limit and says how many more", () => {
    const failures = Array.from({ length: 3 }, (_, i) => ({
      step: "browser tests",
      test: `t${i}`,
      error: "e".repeat(400),
    }));
    const lines = failureLines(failures, 2);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`  ✗ browser tests: t0\n      ${"e".repeat(300)}`);
    expect(lines[2]).toBe("  … and 1 more (in reports/*/summary.json)");
    expect(failureLines([])).toEqual([]);
  });

  it("names the flaky browser tests with their step", () => {
    expect(flakyTests([{ step: "browser tests (PGlite)", report: playwrightReport }])).toEqual([
      "browser tests (PGlite): x.spec.ts › outer › flaky",
    ]);
  });

  it("counts a test run on both engines once among the unique tests and twice among the runs", () => {
    const onBoth = { step: "unit and integration tests", report: vitestReport };
    expect(uniqueTests({ vitest: [onBoth] }, "/repo")).toEqual({ unique: 2, runs: 2 });
    const twice = { ...vitestReport, testResults: [...vitestReport.testResults, vitestReport.testResults[0]!] };
    expect(uniqueTests({ vitest: [{ ...onBoth, report: twice }] }, "/repo")).toEqual({ unique: 2, runs: 4 });
    expect(uniqueTests({ playwright: [{ step: "b", report: playwrightReport }] })).toEqual({ unique: 2, runs: 2 });
  });

  it("orders the slowest tests and files, a file's seconds from its start and end", () => {
    const report = {
      testResults: [
        {
          name: "/repo/a.test.ts",
          startTime: 1_000,
          endTime: 4_000,
          assertionResults: [
            { fullName: "quick", duration: 10 },
            { fullName: "slow", duration: 2_500 },
          ],
        },
        { name: "/repo/b.test.ts", startTime: 0, endTime: 500, assertionResults: [{ fullName: "b", duration: 400 }] },
      ],
    };
    const { tests, files } = slowest({ vitest: [{ step: "unit", report }] }, 2, "/repo");
    expect(tests).toEqual([
      { name: "unit: a.test.ts › slow", seconds: 2.5 },
      { name: "unit: b.test.ts › b", seconds: 0.4 },
    ]);
    expect(files).toEqual([
      { name: "unit: a.test.ts", seconds: 3 },
      { name: "unit: b.test.ts", seconds: 0.5 },
    ]);
  });

  it("marks a phase over its budget, a failed one and a skipped one, and the total", () => {
    const table = phaseTable(
      [
        { name: "lint", ok: true, seconds: 120 },
        { name: "build", ok: false, seconds: 30 },
        { name: "ops", ok: true, seconds: 0, skipped: "needs PostgreSQL" },
      ],
      { lint: 100, build: 60 },
      { totalSeconds: 150, totalBudget: 100 },
    );
    expect(table.slice(2)).toEqual([
      "| lint | 120.0 | 100 | 80% | over budget |",
      "| build | 30.0 | 60 | 20% | FAILED |",
      "| ops | 0.0 |  | 0% | skipped |",
      "| total | 150.0 | 100 | 100% | OVER BUDGET |",
    ]);
  });

  it("fails a run on time only past twice its total budget, or past it when strict; flaky tests past the allowance", () => {
    const run = { totalSeconds: 1_000, totalBudget: 1_800, flaky: 2, flakyAllowed: 2 };
    expect(budgetFailures(run)).toEqual([]);
    expect(budgetFailures({ ...run, totalSeconds: 3_600 })).toEqual([]);
    expect(budgetFailures({ ...run, totalSeconds: 3_601 })).toEqual([
      "the run took 3601 s, over twice its budget of 1800 s (see the phase table)",
    ]);
    expect(budgetFailures({ ...run, totalSeconds: 1_801, strict: true })).toEqual([
      "the run took 1801 s, over its budget of 1800 s (see the phase table)",
    ]);
    expect(budgetFailures({ ...run, flaky: 3 })).toEqual(["3 flaky tests, more than the 2 allowed (listed above)"]);
  });

  it("warns of each phase over its budget and of a total over budget", () => {
    const steps = [
      { name: "lint", ok: true, seconds: 30 },
      { name: "typecheck", ok: true, seconds: 5 },
    ];
    expect(overBudgetWarnings(steps, { lint: 24, typecheck: 12 }, { totalSeconds: 700, totalBudget: 600 })).toEqual([
      'phase "lint" took 30 s, over its budget of 24 s',
      "the run took 700 s, over its budget of 600 s",
    ]);
    expect(overBudgetWarnings(steps, { lint: 40, typecheck: 12 }, { totalSeconds: 500, totalBudget: 600 })).toEqual([]);
  });
});
