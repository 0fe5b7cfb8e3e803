import { describe, expect, it } from "vitest";
import { tournamentKey } from "~/db/tournament-key";
import { importTabroomEntries } from "#tests/support/tabroom-importer";
import {
  defaultEventsFor,
  entriesRefusedByChoice,
  eventAbbreviation,
  takesEntries,
  takesEntriesByDefault,
} from "./competition-events";
import { entrySchoolsAndPartner, keepAsked } from "./entry";
import { nameMessages, splitOldName, tabroomNameProblem } from "./names";
import { offerRefusal } from "./offer";
import type { RosterEntry } from "./roster.server";
import { tabroomFiles } from "./tabroom-files";
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
      takesEntries: true,
    };
    expect(offerRefusal(offer, "A")).toBeNull();
    expect(offerRefusal(offer, null)).toBeNull();
    expect(offerRefusal(offer, "C")).toBe("C is not offered at Winter.");
    expect(offerRefusal(offer, "B")).toBe("B at Winter is full.");
    const closed = { ...offer, window: registrationWindow("2026-12-08", null, "2026-12-07") };
    expect(offerRefusal(closed, "A")).toBe("Registration for Winter closed on Dec 5.");
    expect(offerRefusal({ ...offer, takesEntries: false }, "A")).toBe("Winter does not take entries on this site.");
  });
});

describe("when a schedule row takes entries (decision 0051)", () => {
  it("a competition type takes them unless its title names a camp, practice, training, workshop, night or ceremony", () => {
    const takes = (type: string, title: string) => takesEntriesByDefault({ type, title });
    expect(takes("speech", "Online Speech Tournament #1")).toBe(true);
    expect(takes("debate", "LD & PF Debate Tournament")).toBe(true);
    expect(takes("congress", "Congressional Debate Tournament")).toBe(true);
    expect(takes("citron-quals", "Citron District Quals: Speech & Debate")).toBe(true);
    expect(takes("hybrid-tournament", "Hybrid Multi Event Tournament")).toBe(true);
    for (const title of [
      "Winter Debate Camp",
      "Extemp & Impromptu Speech Practice",
      "Judge Training Night",
      "Oratory Workshop",
      "LD & PF Debate Night",
      "End of Season Awards & Nationals Send-off",
      "Graduation Ceremony",
    ])
      expect({ title, takes: takes("debate", title) }).toEqual({ title, takes: false });
    // Words inside other words do not count: "Campbell", "Nightingale".
    expect(takes("speech", "Campbell Nightingale Invitational")).toBe(true);
    for (const type of ["wsd", "yeshiva-league", "other"])
      expect({ type, takes: takes(type, "Spring Tournament") }).toEqual({ type, takes: false });
  });

  it("staff's choice wins either way; the checkout refuses what staff closed or a title that names no competition", () => {
    expect(takesEntries(true, { type: "congress", title: "Model Congress Training Camp" })).toBe(true);
    expect(takesEntries(false, { type: "speech", title: "Speech Tournament" })).toBe(false);
    expect(takesEntries(null, { type: "speech", title: "Speech Tournament" })).toBe(true);
    expect(entriesRefusedByChoice(false, "Speech Tournament")).toBe(true);
    expect(entriesRefusedByChoice(null, "Winter Debate Camp")).toBe(true);
    expect(entriesRefusedByChoice(true, "Winter Debate Camp")).toBe(false);
    expect(entriesRefusedByChoice(undefined, "Speech Tournament")).toBe(false);
  });

  it("the events offered default to the type's", () => {
    expect(defaultEventsFor("congress")).toEqual(["Congressional Debate"]);
    expect(defaultEventsFor("speech")).toContain("Original Oratory");
    expect(defaultEventsFor("speech")).not.toContain("Public Forum (PF)");
    expect(defaultEventsFor("debate")).toContain("Public Forum (PF)");
    expect(defaultEventsFor("debate")).not.toContain("Original Oratory");
    expect(defaultEventsFor("citron-quals")).toHaveLength(14);
    expect(defaultEventsFor(null)).toHaveLength(14);
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

  it("an old one-field name splits at its last space, unsure with one word, three or more, or a comma", () => {
    expect(splitOldName("Ana Li")).toEqual({ first: "Ana", last: "Li", unsure: false });
    expect(splitOldName("Mary Ann Lee")).toEqual({ first: "Mary Ann", last: "Lee", unsure: true });
    expect(splitOldName("Cher")).toEqual({ first: "Cher", last: "", unsure: true });
    expect(splitOldName("Lee, Mary")).toEqual({ first: "Lee,", last: "Mary", unsure: true });
  });

  it("a name or school that begins with = + - @, cannot be folded, or (a school) has five punctuation marks is refused", () => {
    expect(tabroomNameProblem("José")).toBeNull();
    expect(tabroomNameProblem("O'Brien-Smith")).toBeNull();
    for (const start of ["=", "+", "-", "@"]) expect(tabroomNameProblem(`${start}cmd`)).toBe(nameMessages.formula);
    expect(tabroomNameProblem("@Ridge", "school")).toBe(nameMessages.schoolFormula);
    expect(tabroomNameProblem("李")).toBe(nameMessages.unfoldable("李"));
    expect(tabroomNameProblem('"Bo"')).toBe(nameMessages.quote);
    expect(tabroomNameProblem("St. Mary's H.S.", "school")).toBeNull();
    expect(tabroomNameProblem("St. Mary's (N.Y.)", "school")).toBe(nameMessages.schoolPunctuation);
  });

  it("keeps a novice mark and a student's email only when the tournament asks", () => {
    const entry = { partnerFirst: "Bo", studentNovice: true, partnerNovice: false, studentEmail: "a@x.org" };
    expect(keepAsked(entry, { novice: false, studentEmail: false })).toEqual({ partnerFirst: "Bo" });
    expect(keepAsked(entry, { novice: true, studentEmail: true })).toEqual(entry);
  });

  it("an entry keeps a member school's name and code, a partner only in a team event, the student's school by default", () => {
    const schools = [{ code: "OCA", name: "Ohr Chaim Academy" }];
    expect(
      entrySchoolsAndPartner(
        {
          studentFirst: "Ana",
          studentLast: "Li",
          schoolCode: "OCA",
          competitionEvent: "Public Forum (PF)",
          partnerFirst: "Ben",
          partnerLast: "Cho",
        },
        schools,
      ),
    ).toEqual({
      studentFirst: "Ana",
      studentLast: "Li",
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

describe("the Tabroom files", () => {
  const entry = (
    code: number | null,
    event: string,
    [first, last]: [string, string],
    state: RosterEntry["state"],
    extra: Partial<RosterEntry> = {},
  ): RosterEntry => ({
    orderId: `id-${code}`,
    code,
    event,
    student: `${first} ${last}`,
    first,
    last,
    nameUnsure: false,
    partner: null,
    school: "Ohr Chaim Academy",
    schoolCode: "OCA",
    partnerSchool: null,
    email: "p@example.org",
    state,
    refundable: false,
    registration: {},
    duplicateOf: null,
    ...extra,
  });
  const schools = [{ code: "OCA", name: "Ohr Chaim Academy", tabroomName: "Ohr Chaim Acad", tabroomState: "NY" }];
  const build = (entries: RosterEntry[], asks = { novice: false, studentEmail: false }) =>
    tabroomFiles({ date: "2026-12-08", entries, schools, abbreviations: { "Public Forum (PF)": "VPF" }, asks });

  it("one file per event in the template's layout, active entries only, read back by the importer's rules", () => {
    const result = build([
      entry(100, "Public Forum (PF)", ["Ana", "Li"], "dropped"),
      entry(101, "Public Forum (PF)", ["Dov", "Katz"], "paid", {
        registration: { partnerFirst: "Éli", partnerLast: "Stein-Öz" },
      }),
      entry(102, "Lincoln-Douglas (LD)", ["José", "Núñez-Ibáñez"], "paid", { schoolCode: null, school: "Typed HS" }),
      entry(null, "Lincoln-Douglas (LD)", ["Noa", "Paz"], "awaiting payment"),
      entry(104, "Lincoln-Douglas (LD)", ["Tal", "Or"], "refunded"),
      entry(105, "Lincoln-Douglas (LD)", ["Mary Ann", "O'Neil"], "paid"),
    ]);
    expect(result.files.map((file) => [file.filename, file.entries])).toEqual([
      ["LD-2026-12-08.csv", 2],
      ["VPF-2026-12-08.csv", 1],
    ]);
    const [ld, pf] = result.files.map((file) => importTabroomEntries(file.csv));
    expect(ld!.skipped.map((line) => line.reason)).toEqual(["header"]);
    expect(ld!.entries.map((row) => [row.school, row.state, row.code, row.students])).toEqual([
      ["Typed HS", "", "102", [{ first: "Jose", middle: "", last: "Nunez-Ibanez", novice: false, email: "" }]],
      ["Ohr Chaim Acad", "NY", "105", [{ first: "Mary Ann", middle: "", last: "O'Neil", novice: false, email: "" }]],
    ]);
    expect(pf!.entries[0]!.students.map((student) => `${student.first} ${student.last}`)).toEqual([
      "Dov Katz",
      "Eli Stein-Oz",
    ]);
    expect(result.leftOut.map((left) => [left.student, left.reason])).toEqual([
      ["Ana Li", "dropped"],
      ["Noa Paz", "awaiting payment"],
      ["Tal Or", "refunded"],
    ]);
    expect(result.folded.map((name) => `${name.typed} -> ${name.written}`)).toEqual([
      "Éli -> Eli",
      "Stein-Öz -> Stein-Oz",
      "José -> Jose",
      "Núñez-Ibáñez -> Nunez-Ibanez",
    ]);
    expect([result.typedSchoolEntries, result.typedSchools]).toEqual([1, ["Typed HS"]]);
  });

  it("leaves the Novice column empty and lists the file's novices; writes the students' emails when asked", () => {
    const [file] = build(
      [
        entry(100, "Public Forum (PF)", ["Ana", "Li"], "paid", {
          registration: {
            studentNovice: true,
            studentEmail: "ana@example.org",
            partnerFirst: "Bo",
            partnerLast: "Chen",
            partnerNovice: false,
          },
        }),
      ],
      { novice: true, studentEmail: true },
    ).files;
    // Tabroom's importer passes a "Y" into an integer column its strict SQL mode refuses (decision 0049).
    expect(importTabroomEntries(file!.csv)).toMatchObject({ refused: [] });
    expect(importTabroomEntries(file!.csv).entries[0]!.students).toEqual([
      { first: "Ana", middle: "", last: "Li", novice: false, email: "ana@example.org" },
      { first: "Bo", middle: "", last: "Chen", novice: false, email: "" },
    ]);
    expect(file!.csv.split("\r\n")[1]).toBe("Ohr Chaim Acad,NY,100,,Ana,,Li,,ana@example.org,Bo,,Chen,,");
    expect(file!.novices).toEqual(["Ana Li (100)"]);
  });

  it("leaves out a name with no ASCII form or a formula's start, for staff to correct; lists an unsure split", () => {
    const result = build([
      entry(100, "Original Oratory", ["李", "Wei"], "paid"),
      entry(101, "Original Oratory", ["Mary Ann", "Lee"], "paid", { nameUnsure: true }),
      entry(102, "Original Oratory", ["=cmd", "Lee"], "paid"),
    ]);
    expect(result.leftOut.map((left) => [left.code, left.reason])).toEqual([
      [100, "name to correct"],
      [102, "name to correct"],
    ]);
    expect(result.toConfirm.map((left) => left.code)).toEqual([101]);
    expect(importTabroomEntries(result.files[0]!.csv).entries.map((row) => row.code)).toEqual(["101"]);
  });

  it("abbreviates events as Tabroom's NSDA district set does, unless staff say otherwise", () => {
    expect(eventAbbreviation("Congressional Debate")).toBe("HSE");
    expect(eventAbbreviation("World Schools")).toBe("WS");
    expect(eventAbbreviation("Extemporaneous Speaking")).toBe("USX");
    expect(eventAbbreviation("Policy Debate", { "Policy Debate": "CX2" })).toBe("CX2");
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
