import { describe, expect, it } from "vitest";
import type { ScheduleEvent } from "~/features/events/types";
import { offersEventType, scheduleFor } from "./registration-rules";

// Decision 0027: which event types each registration form offers.
describe("offersEventType", () => {
  it.each([
    ["tournamentEntry", "speech", true],
    ["tournamentEntry", "debate", true],
    ["tournamentEntry", "wsd", true],
    ["tournamentEntry", "congress", true],
    ["tournamentEntry", "hybrid-tournament", true],
    ["tournamentEntry", "citron-quals", true],
    ["tournamentEntry", "lemon-quals", true],
    ["tournamentEntry", "yeshiva-league", false],
    ["tournamentEntry", "other", false],
    ["judgeFee", "debate", true],
    ["judgeFee", "citron-quals", true],
    ["judgeFee", "yeshiva-league", false],
    ["ylmcStudentEntry", "yeshiva-league", false],
    ["ylmunEntry", "yeshiva-league", false],
    ["ylmcSchoolRegistration", "speech", false],
  ] as const)("%s offers %s: %s", (kind, type, offered) => {
    expect(offersEventType(kind, type)).toBe(offered);
  });

  it("scheduleFor keeps the schedule's order and drops what the form does not offer", () => {
    const event = (id: string, type: ScheduleEvent["type"]): ScheduleEvent => ({
      id,
      title: id,
      date: "2027-01-01",
      type,
    });
    const schedule = [event("a", "speech"), event("b", "yeshiva-league"), event("c", "citron-quals")];
    expect(scheduleFor("tournamentEntry", schedule).map((e) => e.id)).toEqual(["a", "c"]);
    expect(scheduleFor("ylmunEntry", schedule)).toEqual([]);
  });
});
