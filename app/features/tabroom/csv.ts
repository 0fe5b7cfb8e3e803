import { isTabroomAscii } from "./fold";

/**
 * Why a Tabroom file cannot carry a cell: it is not printable ASCII (fold it first with foldToAscii), or it begins
 * or ends with a double quote, which Tabroom's importers strip after parsing. A programming error, not the public's:
 * the site refuses such a value where it is typed.
 */
export class TabroomCsvError extends Error {
  constructor(
    message: string,
    readonly cell: string,
  ) {
    super(message);
    this.name = "TabroomCsvError";
  }
}

export type TabroomCell = string | number | null | undefined;

/** One cell: quoted only when it holds a comma or a double quote (doubled inside), as Text::CSV reads it. */
function cell(value: TabroomCell): string {
  const text = value === null || value === undefined ? "" : String(value);
  if (!isTabroomAscii(text))
    throw new TabroomCsvError("A Tabroom file takes printable ASCII only: fold the text first.", text);
  if (text.startsWith('"') || text.endsWith('"'))
    throw new TabroomCsvError("Tabroom strips a double quote at either end of a cell.", text);
  return /[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, without its line end. */
export function tabroomCsvLine(cells: readonly TabroomCell[]): string {
  return cells.map(cell).join(",");
}

/**
 * A file for one of Tabroom's CSV importers: a header line, then one line per row. No byte-order mark, CRLF line
 * ends (the last line too), printable ASCII only, a cell quoted only when it holds a comma or a double quote:
 * what Text::CSV with binary off (how Tabroom parses each line alone) accepts. The header is a template's line as
 * Tabroom writes it, verbatim (a string), or cells (an array). A cell Tabroom would not read as written throws
 * TabroomCsvError.
 */
export function tabroomCsv(header: string | readonly string[], rows: readonly (readonly TabroomCell[])[]): string {
  const first = typeof header === "string" ? header : tabroomCsvLine(header);
  if (!isTabroomAscii(first)) throw new TabroomCsvError("A Tabroom header is printable ASCII only.", first);
  return [first, ...rows.map(tabroomCsvLine)].map((line) => `${line}\r\n`).join("");
}

/**
 * A Tabroom file as a download: US-ASCII, no byte-order mark (core/csv's csvResponse adds one for Excel, and Tabroom
 * would read it as part of the first cell), never cached.
 */
export function tabroomCsvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=us-ascii",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
