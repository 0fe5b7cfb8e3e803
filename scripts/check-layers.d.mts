// Types of scripts/check-layers.mjs for its test.
import type { Layer } from "./layers.mjs";
type Table = { layers: Layer[]; features: Record<string, string[]>; unchecked: string[] };
export function unitOf(file: string, table: Table): string | null;
export function refusal(from: string, to: string | null, isTest: boolean, table: Table): string | null;
export function resolverFor(root: string): (file: string, specifier: string) => string | null;
export function importsOf(file: string, text: string): string[];
export function findViolations(
  sources: Map<string, string>,
  resolve: (file: string, specifier: string) => string | null,
  table?: Table,
): string[];
export function unusedAllowances(
  sources: Map<string, string>,
  resolve: (file: string, specifier: string) => string | null,
  table?: Table,
): string[];
export function diagram(table?: Pick<Table, "layers" | "features">): string;
export function tableProblems(table?: Pick<Table, "features">): string[];
