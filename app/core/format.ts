import { DISTRICT_TIME_ZONE } from "./time-zone";

/**
 * Display formats for the admin dashboards (docs/product.md#9-constants-and-limits): dollars with
 * two decimals in US format from integer cents, and US English dates in the
 * district's time zone (America/New_York), whatever the server's zone is.
 */

/**
 * An Intl formatter made on first use and kept: building one is slow (a
 * time-zone one most of all), and a page in the browser should pay only for
 * the ones it shows.
 */
function formatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dollars = formatter(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

/** "$1,234.50" from 123450 cents. */
export function formatCents(cents: number): string {
  return dollars().format(cents / 100);
}

/** "12.50" for a CSV cell: no currency sign or grouping, so spreadsheets read a number. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const dateFormat = formatter(
  () =>
    new Intl.DateTimeFormat("en-US", { timeZone: DISTRICT_TIME_ZONE, month: "short", day: "numeric", year: "numeric" }),
);

const dateTimeFormat = formatter(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: DISTRICT_TIME_ZONE,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
);

const monthFormat = formatter(
  () => new Intl.DateTimeFormat("en-US", { timeZone: DISTRICT_TIME_ZONE, month: "short", year: "numeric" }),
);

/** "Nov 21, 2026" */
export function formatDate(value: Date | string): string {
  return dateFormat().format(new Date(value));
}

/** "Nov 21, 2026, 3:05 PM" */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat().format(new Date(value));
}

/** "2026-11" month key to "Nov 2026". */
export function formatMonthKey(key: string): string {
  const [year = 1970, month = 1] = key.split("-").map(Number);
  // Mid-month noon UTC is the same month in New York.
  return monthFormat().format(new Date(Date.UTC(year, month - 1, 15, 12)));
}

const csvDateTimeFormat = formatter(
  () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: DISTRICT_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

/** ISO 8601 with the New York offset dropped: what a spreadsheet imports cleanly. */
export function formatCsvDateTime(value: Date | string): string {
  const parts = Object.fromEntries(
    csvDateTimeFormat()
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
