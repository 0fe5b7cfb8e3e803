import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildLegend,
  decideEventType,
  fallbackLegend,
  INSUFFICIENT_ROWS_MESSAGE,
  parseSheet,
  parseSheetDate,
  qualifierTypeFor,
  registrationUrl,
  SheetError,
  splitCsv,
} from "./sheet-parser";

const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures", name), "utf8");
const parse = (name: string) => parseSheet(fixture(name), { shortName: "Citron" });

describe("every accepted date form (tests/fixtures/events-date-forms.csv)", () => {
  const { events, warnings } = parse("events-date-forms.csv");

  it("reads every row", () => {
    expect(warnings).toEqual([]);
    expect(events).toHaveLength(12);
  });

  // Each row's title says what it must give: "expect START[ to END]".
  it.each(events.map((event) => [event.description, event] as const))("%s", (_form, event) => {
    const [, start, end] = /^expect (\S+)(?: to (\S+))?$/.exec(event.title) ?? [];
    expect(event.date).toBe(start);
    expect(event.endDate).toBe(end);
  });

  it('maps docs/product.md\'s "June 14 - June 19" to 14 June 2026', () => {
    expect(parseSheetDate("June 14 - June 19")).toEqual({ date: "2026-06-14", endDate: "2026-06-19" });
  });
});

describe("parseSheetDate", () => {
  it.each([
    ["TBD", null],
    ["", null],
    ["February 30", null],
    ["Smarch 4", null],
    ["Week 3", null],
    ["sometime in spring", null],
    ["Fri, Feb 30, 2027", null],
    ["2026-10-04T23:30:00-04:00", { date: "2026-10-04" }],
    ["2026-10-05T02:30:00Z", { date: "2026-10-04" }],
    ["Jun 14 - TBD", { date: "2026-06-14" }],
  ])("%j gives %j", (raw, expected) => {
    expect(parseSheetDate(raw)).toEqual(expected);
  });
});

describe("type decision in docs/product.md's order (tests/fixtures/events-types.csv)", () => {
  const { events } = parse("events-types.csv");

  it("reads every row", () => {
    expect(events).toHaveLength(28);
  });

  // The location column of each fixture row holds the expected type.
  it.each(events.map((event) => [event.title, event.description ?? "", event.location] as const))(
    "%s / %s: %s",
    (title, topic, expected) => {
      expect(`expect ${decideEventType(title, topic, "citron-quals")}`).toBe(expected);
    },
  );

  it("sets each event's legend label from its type", () => {
    const quals = events.find((event) => event.title === "District Quals: Congress");
    expect(quals).toMatchObject({ type: "citron-quals", legendCategory: "Citron Quals" });
  });

  it("derives the qualifier type from the short name", () => {
    expect(qualifierTypeFor("Citron")).toBe("citron-quals");
    expect(qualifierTypeFor("Big Apple")).toBe("big-apple-quals");
    expect(decideEventType("Spring Quals", "", qualifierTypeFor("Hudson"))).toBe("hudson-quals");
  });
});

describe("skip rules (tests/fixtures/events-skip-rules.csv)", () => {
  const { events, warnings } = parse("events-skip-rules.csv");

  it("keeps only the row with a date, a title, no bills due and a readable date", () => {
    expect(events.map((event) => [event.id, event.title])).toEqual([["sheet-event-15", "Kept Event"]]);
  });

  it("warns once for each unparsable date, naming the row", () => {
    expect(warnings).toEqual([
      { rowIndex: 13, reason: "unparsable-date", date: "TBD", title: "Judge Training" },
      { rowIndex: 14, reason: "unparsable-date", date: "February 30", title: "Impossible Day" },
    ]);
  });
});

describe("CSV reading (tests/fixtures/events-quoted.csv)", () => {
  const { events, legend } = parse("events-quoted.csv");

  it("keeps quoted commas, doubled quotes and line breaks inside their cell", () => {
    expect(events[0]).toMatchObject({
      id: "sheet-event-7",
      title: 'Tournament, "The Big One"',
      description: "Line one\nLine two, with a comma",
      time: "10:00 AM",
      location: 'Room 1, Building "A"',
      registrationLink: "https://example.org/register?a=1&b=2",
    });
  });

  it("numbers rows by the sheet's rows, not its lines", () => {
    expect(events.map((event) => event.id)).toEqual(["sheet-event-7", "sheet-event-8", "sheet-event-9"]);
    expect(events[1]?.title).toBe("Title spanning\ntwo lines");
  });

  it("accepts only web links for registration", () => {
    expect(events[1]?.registrationLink).toBeUndefined();
    expect(events[2]?.registrationLink).toBe("https://www.example.org/signup");
    expect(registrationUrl("mailto:director@example.org")).toBeUndefined();
  });

  it("falls back to default labels where the legend row is short", () => {
    expect(legend).toEqual(fallbackLegend("Citron"));
  });

  it("splits rows like the sheet does, dropping only a trailing empty line", () => {
    expect(splitCsv('a,"b\nc"\n"d ""e""",f\n')).toEqual([
      ["a", "b\nc"],
      ['d "e"', "f"],
    ]);
  });
});

describe("legend", () => {
  it("reads row 2 columns 3-6 and row 3 columns 4-6, with fallbacks for blank cells", () => {
    const { legend, events } = parse("events-legend-partial.csv");
    expect(legend).toEqual({
      "citron-quals": "District Quals",
      speech: "Speech",
      wsd: "Worlds",
      "hybrid-tournament": "Hybrid Tournament",
      debate: "Debate",
      congress: "Student Congress",
      "yeshiva-league": "Yeshiva League",
      other: "Other",
    });
    expect(events[0]?.legendCategory).toBe("Student Congress");
  });

  it("uses every fallback when the header rows are missing", () => {
    expect(buildLegend([], "Citron")).toEqual({
      "citron-quals": "Citron Quals",
      speech: "Speech",
      wsd: "WSD",
      "hybrid-tournament": "Hybrid Tournament",
      debate: "Debate",
      congress: "Congress",
      "yeshiva-league": "Yeshiva League",
      other: "Other",
    });
  });
});

describe("short sheets", () => {
  it.each([
    ["an 8-row sheet", fixture("events-short.csv")],
    ["an empty sheet", ""],
    ["a lone header", "Date,Event,Registration Link,Topic,Time,Location\n"],
  ])("%s is refused with docs/product.md's message", (_name, text) => {
    expect(() => parseSheet(text, { shortName: "Citron" })).toThrow(new SheetError(INSUFFICIENT_ROWS_MESSAGE));
  });

  it("accepts 9 rows, data from the 8th", () => {
    const text = `${fixture("events-short.csv").trimEnd()}\n"Sun, Oct 11, 2026",Second Event,,,,\n`;
    expect(parseSheet(text, { shortName: "Citron" }).events.map((event) => event.title)).toEqual([
      "Only Event",
      "Second Event",
    ]);
  });
});

describe("the demo sheet (content/events-sheet.csv)", () => {
  it("parses into a season of events with one skipped TBD row", () => {
    const { events, warnings } = parseSheet(readFileSync("content/events-sheet.csv", "utf8"), { shortName: "Citron" });
    expect(events.length).toBeGreaterThanOrEqual(15);
    expect(warnings.map((warning) => warning.date)).toEqual(["TBD (after winter break)"]);
    expect(events.some((event) => /bills? due/i.test(event.title))).toBe(false);
    expect(events.find((event) => event.title === "National Speech & Debate Tournament")?.date).toBe("2026-06-14");
  });
});
