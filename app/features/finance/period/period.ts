import { DISTRICT_TIME_ZONE } from "~/core/time-zone";

/**
 * The period a finance report covers (decision 0053): New York calendar days, both ends included. A fiscal year
 * starts on the first day of the month staff set (July by default) and is named by the calendar year it starts in;
 * a month; or any range of days up to MAX_RANGE_DAYS.
 */
export type PeriodKind = "fiscal" | "month" | "range";
export type Period = {
  kind: PeriodKind;
  /** First day, YYYY-MM-DD (New York). */
  from: string;
  /** Last day, YYYY-MM-DD (New York), included. */
  to: string;
  label: string;
  /** The query string that names this period (links to the rows and the CSVs carry it). */
  query: string;
};

export const DEFAULT_FISCAL_START_MONTH = 7;
/** A range longer than this is refused: five years of days is more than any report needs. */
export const MAX_RANGE_DAYS = 366 * 5;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const YEAR = /^\d{4}$/;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? "";
}

/** The New York calendar day of an instant, YYYY-MM-DD. */
export function districtDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: DISTRICT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** A real calendar day (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The fiscal year (named by the year it starts in) that holds a day. */
export function fiscalYearOf(day: string, startMonth: number): number {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month >= startMonth ? year : year - 1;
}

export function fiscalPeriod(startYear: number, startMonth: number): Period {
  const from = `${startYear}-${String(startMonth).padStart(2, "0")}-01`;
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  const to = lastDayOfMonth(endYear, endMonth);
  const label = startMonth === 1 ? `Fiscal year ${startYear}` : `Fiscal year ${startYear}–${String(endYear).slice(2)}`;
  return {
    kind: "fiscal",
    from,
    to,
    label: `${label} (${fromTo(from, to)})`,
    query: `period=fiscal&year=${startYear}`,
  };
}

function monthPeriod(key: string): Period {
  const [year, month] = key.split("-").map(Number) as [number, number];
  return {
    kind: "month",
    from: `${key}-01`,
    to: lastDayOfMonth(year, month),
    label: `${monthName(month)} ${year}`,
    query: `period=month&month=${key}`,
  };
}

function shortDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${monthName(m).slice(0, 3)} ${d}, ${y}`;
}

function fromTo(from: string, to: string): string {
  return `${shortDay(from)} – ${shortDay(to)}`;
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; message: string; period: Period };

/**
 * The period a query names (`period=fiscal&year=2026`, `period=month&month=2026-11`,
 * `period=range&from=2026-11-01&to=2026-11-30`); nothing named: the fiscal year of today. A query that names a
 * period wrongly answers why, with the current fiscal year to show instead.
 */
export function parsePeriod(params: URLSearchParams, startMonth: number, today: string): PeriodResult {
  const current = fiscalPeriod(fiscalYearOf(today, startMonth), startMonth);
  const refuse = (message: string): PeriodResult => ({ ok: false, message, period: current });
  const kind = params.get("period") ?? "fiscal";
  if (kind === "fiscal") {
    const year = params.get("year");
    if (year === null || year === "") return { ok: true, period: current };
    if (!YEAR.test(year) || Number(year) < 2000 || Number(year) > 2100)
      return refuse("Choose a fiscal year between 2000 and 2100.");
    return { ok: true, period: fiscalPeriod(Number(year), startMonth) };
  }
  if (kind === "month") {
    const month = params.get("month") ?? "";
    const number = Number(month.slice(5));
    if (!MONTH.test(month) || number < 1 || number > 12 || !isCalendarDay(`${month}-01`))
      return refuse("Choose a month as YYYY-MM.");
    return { ok: true, period: monthPeriod(month) };
  }
  if (kind === "range") {
    const from = params.get("from") ?? "";
    const to = params.get("to") ?? "";
    if (!isCalendarDay(from) || !isCalendarDay(to)) return refuse("Enter both days of the range as YYYY-MM-DD.");
    if (to < from) return refuse("The range ends before it starts.");
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) return refuse("Choose a range of at most five years.");
    return {
      ok: true,
      period: { kind: "range", from, to, label: fromTo(from, to), query: `period=range&from=${from}&to=${to}` },
    };
  }
  return refuse("Choose a fiscal year, a month or a range of days.");
}

/** The calendar months (YYYY-MM) a period touches, in order: the chart's and the giving table's rows. */
export function monthsOf(period: Pick<Period, "from" | "to">): string[] {
  const months: string[] = [];
  let [year, month] = period.from.split("-").map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The period's piece of each month, as ranges of days (a CSV is read one month at a time). */
export function monthSlices(period: Pick<Period, "from" | "to">): Array<{ from: string; to: string }> {
  return monthsOf(period).map((key) => {
    const [year, month] = key.split("-").map(Number) as [number, number];
    const first = `${key}-01`;
    const last = lastDayOfMonth(year, month);
    return { from: first < period.from ? period.from : first, to: last > period.to ? period.to : last };
  });
}

/** The instant a New York day starts (midnight there, whatever the offset that day). */
export function districtDayStart(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: DISTRICT_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(guess)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const shownAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return new Date(guess.getTime() + (guess.getTime() - shownAsUtc));
}

/** The day after a day, YYYY-MM-DD. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
