// Types of scripts/test-reports.mjs for its test.
export type Counts = { passed: number; failed: number; skipped: number };
export type Failure = { test: string; error: string };
export function firstLine(message?: string): string;
export function vitestCounts(report: unknown): Counts;
export function vitestFailures(report: unknown, root?: string): Failure[];
export function playwrightCounts(report: unknown): Counts;
export function playwrightFailures(report: unknown): Failure[];
export function failureLines(failures: Array<Failure & { step: string }>, limit?: number): string[];
