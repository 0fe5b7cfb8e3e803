import { describe, expect, it } from "vitest";
import { districtDayStart, fiscalPeriod, fiscalYearOf, monthSlices, monthsOf, parsePeriod } from "./period";

const parse = (query: string, start = 7, today = "2026-12-08") => parsePeriod(new URLSearchParams(query), start, today);

describe("the period of a finance report (decision 0053)", () => {
  it("is the current fiscal year by default, July to June", () => {
    expect(parse("")).toEqual({ ok: true, period: fiscalPeriod(2026, 7) });
    expect(fiscalPeriod(2026, 7)).toMatchObject({
      from: "2026-07-01",
      to: "2027-06-30",
      query: "period=fiscal&year=2026",
    });
    expect(fiscalPeriod(2026, 7).label).toBe("Fiscal year 2026–27 (Jul 1, 2026 – Jun 30, 2027)");
  });

  it("starts the fiscal year in the month staff set", () => {
    expect(fiscalYearOf("2026-12-08", 1)).toBe(2026);
    expect(fiscalYearOf("2026-06-30", 7)).toBe(2025);
    expect(fiscalPeriod(2026, 1)).toMatchObject({ from: "2026-01-01", to: "2026-12-31" });
    expect(fiscalPeriod(2025, 10)).toMatchObject({ from: "2025-10-01", to: "2026-09-30" });
    expect(fiscalPeriod(2027, 3)).toMatchObject({ from: "2027-03-01", to: "2028-02-29" });
  });

  it("reads a month and a range of days", () => {
    expect(parse("period=month&month=2026-02")).toMatchObject({
      ok: true,
      period: { from: "2026-02-01", to: "2026-02-28", label: "February 2026" },
    });
    expect(parse("period=range&from=2026-11-28&to=2026-12-02")).toMatchObject({
      ok: true,
      period: { kind: "range", from: "2026-11-28", to: "2026-12-02", label: "Nov 28, 2026 – Dec 2, 2026" },
    });
  });

  it.each([
    ["period=fiscal&year=abc", "Choose a fiscal year between 2000 and 2100."],
    ["period=fiscal&year=1999", "Choose a fiscal year between 2000 and 2100."],
    ["period=month&month=2026-13", "Choose a month as YYYY-MM."],
    ["period=month&month=<script>", "Choose a month as YYYY-MM."],
    ["period=range&from=2026-02-30&to=2026-03-01", "Enter both days of the range as YYYY-MM-DD."],
    ["period=range&from=2026-03-01", "Enter both days of the range as YYYY-MM-DD."],
    ["period=range&from=2026-03-02&to=2026-03-01", "The range ends before it starts."],
    ["period=range&from=2010-01-01&to=2026-03-01", "Choose a range of at most five years."],
    ["period=week", "Choose a fiscal year, a month or a range of days."],
    ["period=fiscal&year=2026' or 1=1", "Choose a fiscal year between 2000 and 2100."],
  ])("refuses %s with a reason, showing the current fiscal year", (query, message) => {
    expect(parse(query)).toEqual({ ok: false, message, period: fiscalPeriod(2026, 7) });
  });

  it("lists the months it touches, and each month's piece of it", () => {
    expect(monthsOf({ from: "2026-11-15", to: "2027-01-03" })).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(monthSlices({ from: "2026-11-15", to: "2027-01-03" })).toEqual([
      { from: "2026-11-15", to: "2026-11-30" },
      { from: "2026-12-01", to: "2026-12-31" },
      { from: "2027-01-01", to: "2027-01-03" },
    ]);
  });

  it("starts a New York day at its own midnight, summer and winter", () => {
    expect(districtDayStart("2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(districtDayStart("2026-12-01").toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(districtDayStart("2026-03-08").toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });
});
