// Types of scripts/test-reports.mjs for its test.
export type Counts = { passed: number; failed: number; skipped: number };
export type Failure = { test: string; error: string };
export function firstLine(message?: string): string;
export function vitestCounts(report: unknown): Counts;
export function vitestFailures(report: unknown, root?: string): Failure[];
export function playwrightCounts(report: unknown): Counts;
export function playwrightFailures(report: unknown): Failure[];
export function failureLines(failures: Array<Failure & { step: string }>, limit?: number): string[];
type Reports = {
  vitest?: Array<{ step: string; report: unknown }>;
  playwright?: Array<{ step: string; report: unknown }>;
};
export function flakyTests(playwrightReports: Array<{ step: string; report: unknown }>): string[];
export function uniqueTests(reports: Reports, root?: string): { unique: number; runs: number };
export function slowest(
  reports: Reports,
  limit?: number,
  root?: string,
): { tests: Array<{ name: string; seconds: number }>; files: Array<{ name: string; seconds: number }> };
export function phaseTable(
  steps: Array<{ name: string; ok: boolean; seconds: number; skipped?: string }>,
  budgets: Record<string, number>,
  totals: { totalSeconds: number; totalBudget: number },
): string[];
export function budgetFailures(run: {
  totalSeconds: number;
  totalBudget: number;
  flaky: number;
  flakyAllowed: number;
  strict?: boolean;
}): string[];
export function overBudgetWarnings(
  steps: Array<{ name: string; seconds: number }>,
  budgets: Record<string, number>,
  totals: { totalSeconds: number; totalBudget: number },
): string[];
