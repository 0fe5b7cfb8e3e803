import { describe, expect, it } from "vitest";
import {
  failureLines,
  firstLine,
  playwrightCounts,
  playwrightFailures,
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
});
