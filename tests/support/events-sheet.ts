import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The browser tests' events sheet is a template dated 2027 (tests/fixtures/events-e2e.csv). Each run dates it in
 * 2027, or in the first later year with the same calendar (the same weekdays, a February 29 or not) whose first
 * event is still a week away, so every event is upcoming and the tests' weekdays hold. Plain TypeScript that Node 24
 * runs as is, so tests/e2e/server.mjs imports it too.
 */
const e2eEventsTemplate = fileURLToPath(new URL("../fixtures/events-e2e.csv", import.meta.url));
const TEMPLATE_YEAR = 2027;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The year of this run's events. E2E_EVENTS_YEAR when set: playwright.config.ts sets it once, so the server and
 * every test worker agree even when a run crosses midnight.
 */
export function e2eEventsYear(today: Date = new Date()): number {
  const pinned = Number(process.env.E2E_EVENTS_YEAR);
  if (pinned) return pinned;
  const first = firstEventDate(readFileSync(e2eEventsTemplate, "utf8"));
  for (let year = TEMPLATE_YEAR; ; year++) {
    if (!sameCalendar(year, TEMPLATE_YEAR)) continue;
    const shifted = Date.UTC(year, first.getUTCMonth(), first.getUTCDate());
    if (shifted - today.getTime() >= WEEK_MS) return year;
  }
}

/** `text` (the template) with every year moved so that 2027 becomes `year`. */
function datedEventsSheet(text: string, year: number): string {
  return text.replace(/\b20\d\d\b/g, (found) => String(Number(found) + year - TEMPLATE_YEAR));
}

/** Writes this run's sheet into `dir` and returns its path (the server's EVENTS_SHEET_URL). */
export function writeE2eEventsSheet(dir: string, year: number = e2eEventsYear()): string {
  const file = path.join(dir, "events-e2e.csv");
  writeFileSync(file, datedEventsSheet(readFileSync(e2eEventsTemplate, "utf8"), year));
  return file;
}

function firstEventDate(text: string): Date {
  const dates = [...text.matchAll(/\b([A-Z][a-z]{2}) (\d{1,2}), (\d{4})\b/g)].map(([, month, day, year]) =>
    Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day)),
  );
  return new Date(Math.min(...dates));
}

function sameCalendar(a: number, b: number): boolean {
  const leap = (year: number) => new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return new Date(Date.UTC(a, 0, 1)).getUTCDay() === new Date(Date.UTC(b, 0, 1)).getUTCDay() && leap(a) === leap(b);
}
