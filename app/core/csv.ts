import Papa from "papaparse";

/** The most rows one CSV export holds; far above a season's orders, and it keeps a request bounded. */
export const CSV_ROW_LIMIT = 100_000;

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

/**
 * Rows to CSV text (RFC 4180, CRLF). Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR) are prefixed with a quote: names and messages
 * come from the public.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? "")),
    },
    { escapeFormulae: true, newline: "\r\n", quotes: false },
  );
}

/** A download response; the byte-order mark makes Excel read UTF-8 names correctly. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(`\uFEFF${body}\r\n`, {
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
