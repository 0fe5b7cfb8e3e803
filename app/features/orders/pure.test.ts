import { describe, expect, it } from "vitest";
import { formatTournamentDate, groupEntries } from "./entries";
import { filtersQuery, parseOrderFilters, parseOrdersView } from "./filters";

describe("order filters from the query string", () => {
  it("reads and trims the three filters and the page", () => {
    const filters = parseOrderFilters(
      new URLSearchParams("student=+Maya+&tournament=Citron+Winter+Classic&event=Public+Forum&page=3"),
    );
    expect(filters).toEqual({ student: "Maya", tournament: "Citron Winter Classic", event: "Public Forum", page: 3 });
  });
  it.each(["page=0", "page=-2", "page=abc", "page=1.5", ""])("falls back to page 1 for %j", (query) => {
    expect(parseOrderFilters(new URLSearchParams(query)).page).toBe(1);
  });
  it("caps an overlong search", () => {
    expect(parseOrderFilters(new URLSearchParams({ student: "x".repeat(500) })).student).toHaveLength(100);
  });
  it("knows the entries view", () => {
    expect(parseOrdersView(new URLSearchParams("view=entries"))).toBe("entries");
    expect(parseOrdersView(new URLSearchParams("view=other"))).toBe("orders");
  });
  it("builds links without the page", () => {
    expect(filtersQuery({ student: "Eli", tournament: "", event: "LD & PF", page: 4 }, { view: "entries" })).toBe(
      "?student=Eli&event=LD+%26+PF&view=entries",
    );
    expect(filtersQuery({ student: "", tournament: "", event: "", page: 1 })).toBe("");
  });
});

describe("entries per tournament", () => {
  it("groups event counts under their tournament with a total", () => {
    const groups = groupEntries([
      { tournamentName: "Winter", tournamentDate: "2026-12-13", eventType: "Lincoln-Douglas", entries: 4 },
      { tournamentName: "Winter", tournamentDate: "2026-12-13", eventType: "Public Forum", entries: 6 },
      { tournamentName: "Fall", tournamentDate: "2026-10-11", eventType: "Public Forum", entries: 2 },
    ]);
    expect(groups).toEqual([
      {
        tournamentName: "Winter",
        tournamentDate: "2026-12-13",
        total: 10,
        events: [
          { eventType: "Lincoln-Douglas", entries: 4 },
          { eventType: "Public Forum", entries: 6 },
        ],
      },
      {
        tournamentName: "Fall",
        tournamentDate: "2026-10-11",
        total: 2,
        events: [{ eventType: "Public Forum", entries: 2 }],
      },
    ]);
  });
  it("shows a tournament day as written, whatever the time zone", () => {
    expect(formatTournamentDate("2026-12-13")).toBe("Sun, Dec 13, 2026");
    expect(formatTournamentDate("June 14 - June 19")).toBe("June 14 - June 19");
    expect(formatTournamentDate(null)).toBe("");
  });
});
