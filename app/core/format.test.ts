import { describe, expect, it } from "vitest";
import { centsToDecimal, formatCents, formatCsvDateTime, formatDate, formatDateTime, formatMonthKey } from "./format";

describe("money", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [2500, "$25.00"],
    [123_456, "$1,234.56"],
    [18_000, "$180.00"],
  ])("formatCents(%i) is %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [0, "0.00"],
    [7, "0.07"],
    [2500, "25.00"],
    [123_456, "1234.56"],
    [-250, "-2.50"],
  ])("centsToDecimal(%i) is %s", (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});

describe("dates in New York, US English", () => {
  it("shows the New York day, not the UTC day", () => {
    // 02:30 UTC on Nov 21 is still the evening of Nov 20 in New York.
    expect(formatDate(new Date("2026-11-21T02:30:00Z"))).toBe("Nov 20, 2026");
  });
  it("adds hour and minute for donations", () => {
    expect(formatDateTime(new Date("2026-07-04T16:05:00Z"))).toBe("Jul 4, 2026, 12:05 PM");
  });
  it("writes sortable local times into CSV", () => {
    expect(formatCsvDateTime(new Date("2026-01-15T23:45:00Z"))).toBe("2026-01-15 18:45");
  });
  it("names months", () => {
    expect(formatMonthKey("2026-03")).toBe("Mar 2026");
  });
});
