import Papa from "papaparse";

/** The most rows one CSV export holds; far above a season's orders, and it keeps a request bounded. */
export const CSV_ROW_LIMIT = 100_000;

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

/**
 * What a spreadsheet may read as the start of a formula or a command: `=`, `+`, `-`, `@`, tab, CR, and the
 * full-width `＝ ＋ － ＠` (LibreOffice and Excel read those as formulas too). Only the first character counts,
 * whatever follows it: line breaks (LF, CR, U+2028, U+2029) included, which the CSV library's own pattern
 * (`^[=+\-@\t\r].*$`, no `s` flag) let through.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One cell as a spreadsheet may safely open it: a text that could start a formula gets a leading `'` (the cell then
 * reads as text). Numbers are left as they are. The one rule for every CSV we write (decision 0042).
 */
export function neutraliseCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Rows to CSV text (RFC 4180, CRLF). Every cell goes through `neutraliseCell` (names and messages come from the
 * public), and a neutralised cell is also quoted.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => neutraliseCell(column.value(row)))),
    },
    {
      escapeFormulae: false,
      newline: "\r\n",
      quotes: (value: unknown) => typeof value === "string" && value.startsWith("'"),
    },
  );
}

/**
 * A download response; the byte-order mark makes Excel read UTF-8 names correctly. A stream (a long table written
 * as it is read) is sent as it is: it writes its own byte-order mark and toCsv's rows.
 */
export function csvResponse(body: string | ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(typeof body === "string" ? `\uFEFF${body}\r\n` : body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** "orders-2026-11-21.csv" */
export function csvFilename(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
