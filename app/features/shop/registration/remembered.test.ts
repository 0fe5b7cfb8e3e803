import { describe, expect, it } from "vitest";
import { entryDefaults } from "./remembered";

const line = (registration: Record<string, string> | null) => ({ registration });

describe("an entry form's starting values (decision 0051)", () => {
  const offered = ["sheet-event-1", "sheet-event-2"];

  it("takes the tournament the link chose, when the form offers it, and the last entry's member school", () => {
    const lines = [
      line({ competitionEvent: "Original Oratory", scheduleEvent: "sheet-event-1", schoolCode: "OCA" }),
      line(null),
    ];
    expect(entryDefaults(lines, "sheet-event-2", offered)).toEqual({
      scheduleEvent: "sheet-event-2",
      schoolCode: "OCA",
    });
    // A link to a tournament the form does not offer (closed since, or crafted) falls back to the last entry's.
    expect(entryDefaults(lines, "sheet-event-9", offered)).toEqual({
      scheduleEvent: "sheet-event-1",
      schoolCode: "OCA",
    });
  });

  it("remembers a school typed under Other by its name, and nothing from a cart without entries", () => {
    const typed = [
      line({ competitionEvent: "Impromptu Speaking", scheduleEvent: "gone", studentSchool: "Home School" }),
    ];
    expect(entryDefaults(typed, null, offered)).toEqual({ schoolCode: "other", studentSchool: "Home School" });
    expect(entryDefaults([line({ schoolName: "Riverside" })], null, offered)).toEqual({});
    expect(entryDefaults([], null, offered)).toEqual({});
  });
});
