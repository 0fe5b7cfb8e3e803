import { describe, expect, it } from "vitest";
import { addDays, formatLongDate, formatMonth, formatShortDate, todayInNewYork } from "./dates";

describe("calendar dates in words", () => {
  it.each([
    ["2026-10-04", "Sunday, October 4, 2026", "Sun, Oct 4, 2026"],
    ["2026-01-01", "Thursday, January 1, 2026", "Thu, Jan 1, 2026"],
    ["2028-02-29", "Tuesday, February 29, 2028", "Tue, Feb 29, 2028"],
    ["2026-12-31", "Thursday, December 31, 2026", "Thu, Dec 31, 2026"],
  ])("%s is %s, short %s", (date, long, short) => {
    expect(formatLongDate(date)).toBe(long);
    expect(formatShortDate(date)).toBe(short);
  });

  it("writes every day of four years as US English Intl does, whatever the server's time zone", () => {
    const long = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const short = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let date = "2025-01-01"; date < "2029-01-01"; date = addDays(date, 1)) {
      const instant = new Date(`${date}T00:00:00Z`);
      expect(formatLongDate(date)).toBe(long.format(instant));
      expect(formatShortDate(date)).toBe(short.format(instant));
      expect(formatMonth(date.slice(0, 7))).toBe(month.format(instant));
    }
  });

  it("takes today in New York, not in UTC", () => {
    // 03:30 UTC on Nov 24 is still the evening of Nov 23 in New York.
    expect(todayInNewYork(new Date("2026-11-24T03:30:00Z"))).toBe("2026-11-23");
    expect(todayInNewYork(new Date("2026-11-24T05:30:00Z"))).toBe("2026-11-24");
  });
});
