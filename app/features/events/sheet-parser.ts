import Papa from "papaparse";
import { isIsoDate, isoDate, todayInNewYork } from "./dates";
import type { CalendarEvent, EventType, Legend, QualifierType } from "./types";

/** docs/product.md#9-constants-and-limits: the sheet needs 9 rows; data starts on the 8th. */
export const MIN_SHEET_ROWS = 9;
export const FIRST_DATA_ROW_INDEX = 7;
/** docs/product.md#5-validation-rules: "MonthName D" dates have no year; 2026 is assumed. */
export const ASSUMED_YEAR = 2026;

export const INSUFFICIENT_ROWS_MESSAGE = "Sheet appears to be empty or has insufficient data rows";

export class SheetError extends Error {}

/** The qualifier type from the district's short name: "Citron" gives "citron-quals". */
export function qualifierTypeFor(shortName: string): QualifierType {
  return `${shortName.trim().toLowerCase().replace(/\s+/g, "-")}-quals`;
}

/**
 * Legend cells in the sheet: row 2 columns 3-6 and row 3 columns 4-6
 * (1-based, docs/product.md#5-validation-rules), in the order of the fallback labels.
 */
function legendCells(qualifierType: QualifierType): [row: number, column: number, type: EventType][] {
  return [
    [1, 2, qualifierType],
    [1, 3, "speech"],
    [1, 4, "wsd"],
    [1, 5, "hybrid-tournament"],
    [2, 3, "debate"],
    [2, 4, "congress"],
    [2, 5, "yeshiva-league"],
  ];
}

export function fallbackLegend(shortName: string): Legend {
  return {
    [qualifierTypeFor(shortName)]: `${shortName.trim()} Quals`,
    speech: "Speech",
    wsd: "WSD",
    "hybrid-tournament": "Hybrid Tournament",
    debate: "Debate",
    congress: "Congress",
    "yeshiva-league": "Yeshiva League",
    other: "Other",
  };
}

/** Labels from the header rows, each falling back when its cell is blank or missing. */
export function buildLegend(rows: string[][], shortName: string): Legend {
  const legend = fallbackLegend(shortName);
  for (const [row, column, type] of legendCells(qualifierTypeFor(shortName))) {
    const label = rows[row]?.[column]?.trim();
    if (label) legend[type] = label;
  }
  return legend;
}

const has = (text: string, ...words: string[]) => words.some((word) => text.includes(word));

/**
 * The type decision of docs/product.md#5-validation-rules, in its order, on title and topic
 * together (lower case). "pf" and "ld" must be whole words: as substrings
 * they would match "world", "field" or "held".
 */
export function decideEventType(title: string, topic: string, qualifierType: QualifierType): EventType {
  const text = `${title} ${topic}`.toLowerCase().replace(/\s+/g, " ");
  if (
    has(
      text,
      "committee registration",
      "final bills",
      "tentative congressional debate tournament",
      "model un",
      "model congress",
    )
  ) {
    return "yeshiva-league";
  }
  if (has(text, "congressional debate")) return "congress";
  if (has(text, "hybrid", "scrimmage", "multi event", "multi-event")) return "hybrid-tournament";
  if (has(text, "quals", "qualification")) return qualifierType;
  if (has(text, "congress") && !has(text, "yeshiva league")) return "congress";
  if (has(text, "yeshiva", "league")) return "yeshiva-league";
  if (has(text, "wsd", "worlds school")) return "wsd";
  if (has(text, "speech", "oratory", "interp")) return "speech";
  if (has(text, "debate") || /\b(pf|ld)\b/.test(text)) return "debate";
  return "speech";
}

const MONTHS: Record<string, number> = {
  jan: 0,
  january: 0,
  feb: 1,
  february: 1,
  mar: 2,
  march: 2,
  apr: 3,
  april: 3,
  may: 4,
  jun: 5,
  june: 5,
  jul: 6,
  july: 6,
  aug: 7,
  august: 7,
  sep: 8,
  sept: 8,
  september: 8,
  oct: 9,
  october: 9,
  nov: 10,
  november: 10,
  dec: 11,
  december: 11,
};

function monthIndex(name: string | undefined): number | undefined {
  if (!name) return undefined;
  return MONTHS[name.toLowerCase().replace(/\.$/, "")];
}

/** A real calendar date, or null for "February 30". */
function checkedDate(year: number, month: number, day: number): string | null {
  const date = isoDate(year, month, day);
  return Number(date.slice(8, 10)) === day && Number(date.slice(5, 7)) === month + 1 ? date : null;
}

/** "Sun, Oct 4, 2026" */
const WEEKDAY_MONTH_DAY_YEAR = /^[A-Za-z]+\.?,\s*([A-Za-z]+\.?)\s+(\d{1,2}),?\s+(\d{4})$/;
/** "June 14", "Oct. 4th" */
const MONTH_DAY = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?$/;
/** Strings carrying their own clock time or zone: read them in New York. */
const HAS_TIME = /\d{1,2}:\d{2}|[zZ]$|[+-]\d{2}:?\d{2}$/;

function parseSingleDate(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, " ");
  if (!text) return null;

  const full = WEEKDAY_MONTH_DAY_YEAR.exec(text);
  if (full) {
    const month = monthIndex(full[1]);
    return month === undefined ? null : checkedDate(Number(full[3]), month, Number(full[2]));
  }
  const short = MONTH_DAY.exec(text);
  if (short) {
    const month = monthIndex(short[1]);
    if (month !== undefined) return checkedDate(ASSUMED_YEAR, month, Number(short[2]));
  }
  if (isIsoDate(text)) return text;

  // Anything else the platform's date parser accepts (docs/product.md#5-validation-rules),
  // as long as it names a year: without one V8 guesses 2001 ("Week 3").
  if (!/\b\d{4}\b/.test(text)) return null;
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return null;
  if (HAS_TIME.test(text)) return todayInNewYork(parsed);
  return checkedDate(parsed.getFullYear(), parsed.getMonth(), parsed.getDate());
}

/** Spaced hyphen or any en/em dash separates a range; "2026-10-04" stays one date. */
const RANGE = /\s+[-\u2013\u2014]\s+|\s*[\u2013\u2014]\s*/;
/** "June 14-19": the end is a bare day of the start's month. */
const SAME_MONTH_RANGE = /^([A-Za-z]+\.?\s+)(\d{1,2})\s*-\s*(\d{1,2})((?:,?\s+\d{4})?)$/;

/**
 * The accepted date forms of docs/product.md#5-validation-rules: a range "X - Y" (its start
 * is the event's date), "Day, Mon D, YYYY", "MonthName D" (year 2026), and
 * whatever the platform's date parser reads. Null when none applies.
 */
export function parseSheetDate(raw: string): { date: string; endDate?: string } | null {
  const text = raw.trim();
  const sameMonth = SAME_MONTH_RANGE.exec(text);
  if (sameMonth) {
    const [, month, start, end, year] = sameMonth;
    const date = parseSingleDate(`${month}${start}${year}`);
    if (!date) return null;
    const endDate = parseSingleDate(`${month}${end}${year}`);
    return endDate && endDate > date ? { date, endDate } : { date };
  }
  const [first, second, ...more] = text.split(RANGE);
  if (first !== undefined && second !== undefined && more.length === 0) {
    const date = parseSingleDate(first);
    if (!date) return null;
    const endDate = parseSingleDate(second);
    return endDate && endDate > date ? { date, endDate } : { date };
  }
  const date = parseSingleDate(text);
  return date ? { date } : null;
}

/** Only web links become registration links; "www.example.org" gains https://. */
export function registrationUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export type SkippedRow = { rowIndex: number; reason: "unparsable-date"; date: string; title: string };

export type ParsedSheet = {
  events: CalendarEvent[];
  legend: Legend;
  /** Rows skipped because their date could not be read (logged once per refresh). */
  warnings: SkippedRow[];
};

/** Splits CSV text into rows: quoted commas, quotes and line breaks stay inside their cell. */
export function splitCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const rows = result.data.map((row) => row.map((cell) => cell ?? ""));
  // A trailing line break leaves an empty last row; it is not part of the sheet.
  while (rows.length > 0 && rows.at(-1)!.every((cell) => cell.trim() === "")) rows.pop();
  return rows;
}

/**
 * Reads the district's sheet (docs/product.md#5-validation-rules). Throws SheetError when it
 * has fewer than 9 rows. Events come back ascending by date; which of them
 * are still upcoming is decided per request, not here.
 */
export function parseSheet(text: string, options: { shortName: string }): ParsedSheet {
  const rows = splitCsv(text);
  if (rows.length < MIN_SHEET_ROWS) throw new SheetError(INSUFFICIENT_ROWS_MESSAGE);
  const legend = buildLegend(rows, options.shortName);
  const qualifierType = qualifierTypeFor(options.shortName);
  const events: CalendarEvent[] = [];
  const warnings: SkippedRow[] = [];

  for (let rowIndex = FIRST_DATA_ROW_INDEX; rowIndex < rows.length; rowIndex++) {
    const cell = (column: number) => (rows[rowIndex]?.[column] ?? "").trim();
    const rawDate = cell(0);
    const title = cell(1);
    if (!rawDate || !title) continue;
    if (/bills? due/i.test(title)) continue;
    const parsed = parseSheetDate(rawDate);
    if (!parsed) {
      warnings.push({ rowIndex, reason: "unparsable-date", date: rawDate, title });
      continue;
    }
    const topic = cell(3);
    const type = decideEventType(title, topic, qualifierType);
    const event: CalendarEvent = {
      id: `sheet-event-${rowIndex}`,
      title,
      date: parsed.date,
      type,
      legendCategory: legend[type] ?? legend.other ?? "Other",
    };
    if (parsed.endDate) event.endDate = parsed.endDate;
    if (topic) event.description = topic;
    if (cell(4)) event.time = cell(4);
    if (cell(5)) event.location = cell(5);
    const link = registrationUrl(cell(2));
    if (link) event.registrationLink = link;
    events.push(event);
  }
  events.sort((a, b) => a.date.localeCompare(b.date));
  return { events, legend, warnings };
}
