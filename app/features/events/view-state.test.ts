import { describe, expect, it } from "vitest";
import { formatLongDate, monthGrid, todayInNewYork } from "./dates";
import { newYorkToUtc, parseClockRange } from "./ics.server";
import { scriptSafeJson } from "./json-ld";
import type { CalendarEvent } from "./types";
import {
  filterByTypes,
  groupByMonth,
  isZoom,
  readViewState,
  toggleType,
  upcomingEvents,
  viewStateSearch,
} from "./view-state";

const event = (id: string, date: string, type = "speech", title = id): CalendarEvent => ({
  id,
  title,
  date,
  type: type as CalendarEvent["type"],
  legendCategory: type,
});

describe("today in America/New_York", () => {
  it.each([
    ["2026-11-22T04:59:00Z", "2026-11-21"],
    ["2026-11-22T05:00:00Z", "2026-11-22"],
    ["2026-07-01T03:59:00Z", "2026-06-30"],
  ])("%s is %s in New York", (instant, day) => {
    expect(todayInNewYork(new Date(instant))).toBe(day);
  });
});

describe("upcoming events", () => {
  it("keeps today and later, ascending, with extra events merged", () => {
    const sheet = [event("b", "2026-12-01"), event("past", "2026-11-20"), event("today", "2026-11-21")];
    const extra = [event("extra", "2026-11-25")];
    expect(upcomingEvents(sheet, "2026-11-21", extra).map((e) => e.id)).toEqual(["today", "extra", "b"]);
  });

  it("filters by a set of types; an empty set shows all", () => {
    const events = [
      event("a", "2027-01-01", "speech"),
      event("b", "2027-01-02", "wsd"),
      event("c", "2027-01-03", "debate"),
    ];
    expect(filterByTypes(events, []).map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(filterByTypes(events, ["wsd", "debate"]).map((e) => e.id)).toEqual(["b", "c"]);
  });

  it("groups by month in order", () => {
    const groups = groupByMonth([event("a", "2027-01-05"), event("b", "2027-01-20"), event("c", "2027-03-01")]);
    expect(groups.map(([month, events]) => [month, events.length])).toEqual([
      ["2027-01", 2],
      ["2027-03", 1],
    ]);
  });

  it.each([
    ["zoom", true],
    [" ZOOM ", true],
    ["Zoom", true],
    ["Zoom room 2", false],
    [undefined, false],
  ])("location %j is zoom: %s", (location, expected) => {
    expect(isZoom(location)).toBe(expected);
  });
});

describe("state in the URL", () => {
  const options = { defaultView: "list" as const, today: "2026-11-21", knownTypes: ["speech", "wsd", "citron-quals"] };

  it("reads view, repeatable type, month and day, ignoring junk", () => {
    const params = new URLSearchParams(
      "view=calendar&type=wsd&type=nope&type=wsd&type=citron-quals&month=2027-13&day=2027-02-07",
    );
    expect(readViewState(params, options)).toEqual({
      view: "calendar",
      types: ["wsd", "citron-quals"],
      month: "2027-02",
      day: "2027-02-07",
    });
    expect(readViewState(new URLSearchParams("view=grid&day=2027-02-30"), options)).toEqual({
      view: "list",
      types: [],
      month: "2026-11",
      day: null,
    });
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const state = { view: "calendar" as const, types: ["speech"], month: "2027-03", day: "2027-03-14" };
    const search = viewStateSearch(state, options);
    expect(search).toBe("?view=calendar&type=speech&month=2027-03&day=2027-03-14");
    expect(readViewState(new URLSearchParams(search), options)).toEqual(state);
    expect(viewStateSearch({ view: "list", types: [], month: "2026-11", day: null }, options)).toBe("");
  });

  it("toggles a chip on and off", () => {
    expect(toggleType(["speech"], "wsd")).toEqual(["speech", "wsd"]);
    expect(toggleType(["speech", "wsd"], "speech")).toEqual(["wsd"]);
  });
});

describe("calendar month", () => {
  it("starts on Sunday and pads to whole weeks", () => {
    const weeks = monthGrid("2027-02");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBeNull();
    expect(weeks[0]?.[1]).toBe("2027-02-01");
    expect(weeks[3]?.[0]).toBe("2027-02-21");
    expect(weeks[4]).toEqual(["2027-02-28", null, null, null, null, null, null]);
    expect(formatLongDate("2027-02-07")).toBe("Sunday, February 7, 2027");
  });
});

describe("calendar feed times", () => {
  it.each([
    ["4:00 PM - 8:30 PM", { start: [16, 0], end: [20, 30] }],
    ["10 AM", { start: [10, 0] }],
    ["12:00 PM - 12:30 AM", { start: [12, 0], end: [0, 30] }],
    ["All day", null],
    [undefined, null],
  ])("%j reads as %j", (time, expected) => {
    expect(parseClockRange(time)).toEqual(expected);
  });

  it("converts New York wall time to UTC across daylight saving", () => {
    expect(newYorkToUtc("2027-01-10", [10, 0]).toISOString()).toBe("2027-01-10T15:00:00.000Z");
    expect(newYorkToUtc("2027-06-13", [10, 0]).toISOString()).toBe("2027-06-13T14:00:00.000Z");
  });
});

it("JSON-LD cannot close its script element", () => {
  expect(scriptSafeJson({ name: "</script><script>alert(1)</script>" })).not.toContain("<");
});
