import type { Period } from "../period/period";

/** The CSV tables of the finance page (one resource route, app/routes/admin/finance-export.ts). */
export const EXPORT_TABLES = [
  "lines",
  "streams",
  "months",
  "tournaments",
  "events",
  "campaigns",
  "giving",
  "payouts",
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const FINANCE_PATH = "/admin/finance";

/** Where a table's CSV is, for the period shown and, for the ledger, the rows behind one figure. */
export function exportHref(
  table: ExportTable,
  period: Pick<Period, "query">,
  filter: Record<string, string> = {},
): string {
  const extra = new URLSearchParams(filter).toString();
  return `${FINANCE_PATH}/export/${table}.csv?${period.query}${extra ? `&${extra}` : ""}`;
}

export function exportTableOf(param: string | undefined): ExportTable | null {
  const name = (param ?? "").replace(/\.csv$/, "");
  return (EXPORT_TABLES as readonly string[]).includes(name) ? (name as ExportTable) : null;
}
