import { DISTRICT_TIME_ZONE } from "~/core/time-zone";

/**
 * Calendar dates as "YYYY-MM-DD" strings. The district lives in
 * America/New_York (docs/product.md#beyond-the-original), so "today" is taken there, and all
 * arithmetic runs on UTC midnights so no server time zone can shift a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return toIsoDate(date) === value;
}

export function isIsoMonth(value: string): boolean {
  const match = ISO_MONTH.exec(value);
  return Boolean(match) && Number(match![2]) >= 1 && Number(match![2]) <= 12;
}

/** The calendar date of a UTC-midnight Date. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isoDate(year: number, monthIndex: number, day: number): string {
  return toIsoDate(new Date(Date.UTC(year, monthIndex, day)));
}

/** Today's date in America/New_York. */
// en-CA formats as YYYY-MM-DD. Made once, on first use: building a time-zone
// formatter cost about 3% of a page's server time when it was made on every
// call, and a browser that never asks for today should not build it at all.
// (Not ~/core/format's `formatter` helper: importing that module would bring its
// formatters into the calendar's browser bundle, 0.8 KB on the wire on / and /events.)
let newYorkDay: Intl.DateTimeFormat | undefined;

export function todayInNewYork(now: Date = new Date()): string {
  newYorkDay ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: DISTRICT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return newYorkDay.format(now);
}

/** [year, month (1-12), day] of "YYYY-MM-DD" (or of "YYYY-MM", day 1). */
export function dateParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)) || 1];
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return isoDate(y, m - 1, d + days);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, count: number): string {
  const [y, m] = dateParts(month);
  return isoDate(y, m - 1 + count, 1).slice(0, 7);
}

function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

// The names are written out rather than asked of Intl: these dates are calendar
// days in US English, and the first Intl.DateTimeFormat a browser builds costs
// tens of milliseconds of a phone's main thread while the page starts.
export const MONTHS = [
  ["Jan", "January"],
  ["Feb", "February"],
  ["Mar", "March"],
  ["Apr", "April"],
  ["May", "May"],
  ["Jun", "June"],
  ["Jul", "July"],
  ["Aug", "August"],
  ["Sep", "September"],
  ["Oct", "October"],
  ["Nov", "November"],
  ["Dec", "December"],
] as const;

/** "Sunday, October 4, 2026" */
export function formatLongDate(date: string): string {
  const day = utcDate(date);
  return `${WEEKDAYS[day.getUTCDay()]![1]}, ${MONTHS[day.getUTCMonth()]![1]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** "Sun, Oct 4, 2026" */
export function formatShortDate(date: string): string {
  const day = utcDate(date);
  return `${WEEKDAYS[day.getUTCDay()]![0]}, ${MONTHS[day.getUTCMonth()]![0]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** "October 2026" for "2026-10" */
export function formatMonth(month: string): string {
  const first = utcDate(`${month}-01`);
  return `${MONTHS[first.getUTCMonth()]![1]} ${first.getUTCFullYear()}`;
}

export const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

/** The weeks of a month, Sunday first; days outside the month are null. */
export function monthGrid(month: string): (string | null)[][] {
  const first = utcDate(`${month}-01`);
  const offset = first.getUTCDay();
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: offset }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(`${month}-${String(day).padStart(2, "0")}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
