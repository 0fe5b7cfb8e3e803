import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { tournamentKey } from "~/db/tournament-key";
import { entrySchoolsAndPartner, splitName } from "./entry";
import { offerRefusal } from "./offer";
import { TABROOM_ENTRY_HEADER, tabroomEntriesCsv, type RosterEntry } from "./roster.server";
import { schoolCodes, schoolMatchKey } from "./schools";
import { closesLabel, registrationWindow, windowProblem } from "./window";

describe("a tournament's identity", () => {
  it("is the date and the title lower-cased with other characters made one '-'", () => {
    expect(tournamentKey("  Winter  Debate Tournament! ", "2026-12-08")).toBe("2026-12-08|winter-debate-tournament");
    expect(tournamentKey("WINTER DEBATE TOURNAMENT", "2026-12-08")).toBe(
      tournamentKey("Winter Debate Tournament", "2026-12-08"),
    );
    expect(tournamentKey("Winter Debate Tournament", "2026-12-09")).not.toBe(
      tournamentKey("Winter Debate Tournament", "2026-12-08"),
    );
  });
});

describe("the registration window", () => {
  it("is open from the first day to the end of the last, both inclusive; by default until three days before", () => {
    expect(registrationWindow("2026-12-08", null, "2026-12-05")).toEqual({
      state: "open",
      opensOn: null,
      closesOn: "2026-12-05",
    });
    expect(registrationWindow("2026-12-08", null, "2026-12-06").state).toBe("closed");
    const set = { opensOn: "2026-11-01", closesOn: "2026-11-20" };
    expect(registrationWindow("2026-12-08", set, "2026-10-31").state).toBe("not-yet");
    expect(registrationWindow("2026-12-08", set, "2026-11-01").state).toBe("open");
    expect(registrationWindow("2026-12-08", set, "2026-11-20").state).toBe("open");
    expect(registrationWindow("2026-12-08", set, "2026-11-21").state).toBe("closed");
    expect(closesLabel("2026-12-01")).toBe("Registration closes Dec 1");
  });

  it("refuses outside the window, an event not offered and a full event, in that order", () => {
    const offer = {
      title: "Winter",
      window: registrationWindow("2026-12-08", null, "2026-12-01"),
      events: ["A", "B"],
      full: ["B"],
    };
    expect(offerRefusal(offer, "A")).toBeNull();
    expect(offerRefusal(offer, null)).toBeNull();
    expect(offerRefusal(offer, "C")).toBe("C is not offered at Winter.");
    expect(offerRefusal(offer, "B")).toBe("B at Winter is full.");
    const closed = { ...offer, window: registrationWindow("2026-12-08", null, "2026-12-07") };
    expect(offerRefusal(closed, "A")).toBe("Registration for Winter closed on Dec 5.");
  });
});

describe("schools and names", () => {
  it("member schools get their initials as a code, small words left out, a taken code numbered", () => {
    expect(
      schoolCodes(["Shaarei Da'at Yeshiva High School", "Academy of the Arts", "Arts Academy", "Academy Arts"]),
    ).toEqual([
      { code: "SDYHS", name: "Shaarei Da'at Yeshiva High School" },
      { code: "AA", name: "Academy of the Arts" },
      { code: "AA2", name: "Arts Academy" },
      { code: "AA3", name: "Academy Arts" },
    ]);
    expect(schoolMatchKey("  YUHSB. ")).toBe(schoolMatchKey("yuhsb"));
  });

  it("a name splits at its last space", () => {
    expect(splitName("Mary Ann Lee")).toEqual({ first: "Mary Ann", last: "Lee" });
    expect(splitName("Cher")).toEqual({ first: "Cher", last: "" });
  });

  it("an entry keeps a member school's name and code, a partner only in a team event, the student's school by default", () => {
    const schools = [{ code: "OCA", name: "Ohr Chaim Academy" }];
    expect(
      entrySchoolsAndPartner(
        {
          studentName: "Ana Li",
          schoolCode: "OCA",
          competitionEvent: "Public Forum (PF)",
          partnerFirst: "Ben",
          partnerLast: "Cho",
        },
        schools,
      ),
    ).toEqual({
      studentName: "Ana Li",
      studentSchool: "Ohr Chaim Academy",
      schoolCode: "OCA",
      competitionEvent: "Public Forum (PF)",
      partnerFirst: "Ben",
      partnerLast: "Cho",
      partnerSchool: "Ohr Chaim Academy",
      partnerSchoolCode: "OCA",
    });
    expect(
      entrySchoolsAndPartner(
        {
          studentName: "Ana Li",
          schoolCode: "other",
          studentSchool: "Typed HS",
          competitionEvent: "Original Oratory",
          partnerFirst: "Ben",
          partnerLast: "Cho",
        },
        schools,
      ),
    ).toEqual({ studentName: "Ana Li", studentSchool: "Typed HS", competitionEvent: "Original Oratory" });
  });
});

describe("the Tabroom entries file", () => {
  const entry = (
    code: number,
    event: string,
    student: string,
    state: RosterEntry["state"],
    extra: Partial<RosterEntry> = {},
  ): RosterEntry => ({
    orderId: `id-${code}`,
    code,
    event,
    student,
    partner: null,
    school: "Ohr Chaim Academy",
    schoolCode: "OCA",
    partnerSchool: null,
    email: "p@example.org",
    state,
    refundable: false,
    registration: {},
    ...extra,
  });

  it("has Tabroom's header, events in the list's order, dropped entries last as DROP, unpaid ones left out", () => {
    const text = tabroomEntriesCsv([
      entry(100, "Public Forum (PF)", "Ana Li", "dropped"),
      entry(101, "Public Forum (PF)", "Dov Katz", "paid", {
        registration: { partnerFirst: "Eli", partnerLast: "Stein" },
      }),
      entry(102, "Lincoln-Douglas (LD)", "=cmd Lee", "paid"),
      entry(103, "Lincoln-Douglas (LD)", "Noa Paz", "awaiting payment"),
      entry(104, "Lincoln-Douglas (LD)", "Tal Or", "refunded"),
    ]);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...TABROOM_ENTRY_HEADER]);
    expect(text.split("\r\n")[0]).toBe(
      "Code,Event,Schcode,Student1First,Student1Last,Student2First,Student2Last,School",
    );
    expect(parsed.data.slice(1)).toEqual([
      ["102", "LD", "OCA", "'=cmd", "Lee", "", "", "Ohr Chaim Academy"],
      ["DROP", "LD", "OCA", "Tal", "Or", "", "", "Ohr Chaim Academy"],
      ["101", "PF", "OCA", "Dov", "Katz", "Eli", "Stein", "Ohr Chaim Academy"],
      ["DROP", "PF", "OCA", "Ana", "Li", "", "", "Ohr Chaim Academy"],
    ]);
  });
});

describe("a window set by staff", () => {
  it("closes by the tournament's day and opens no later than it closes", () => {
    expect(windowProblem("2026-12-08", { opensOn: "2026-11-01", closesOn: "2026-12-08" })).toBeNull();
    expect(windowProblem("2026-12-08", { opensOn: null, closesOn: null })).toBeNull();
    expect(windowProblem("2026-12-08", { opensOn: "2026-11-01", closesOn: "2026-12-09" })).toBe(
      "Registration must close by the tournament's day, Dec 8.",
    );
    expect(windowProblem("2026-12-08", { opensOn: "2026-12-10", closesOn: "2026-12-20" })).toBe(
      "Registration must close by the tournament's day, Dec 8.",
    );
    expect(windowProblem("2026-12-08", { opensOn: "2026-11-21", closesOn: "2026-11-20" })).toBe(
      "Registration cannot close before it opens.",
    );
  });

  it("with no closing day, opens no later than the default closing day", () => {
    expect(windowProblem("2026-12-08", { opensOn: "2026-12-05", closesOn: null })).toBeNull();
    expect(windowProblem("2026-12-08", { opensOn: "2026-12-06", closesOn: null })).toBe(
      "Registration cannot open after it closes: with no closing day set, it closes Dec 5.",
    );
  });
});
