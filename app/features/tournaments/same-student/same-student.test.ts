import { describe, expect, it } from "vitest";
import { duplicatesOf, entryOf, foldedName, sameStudentMessage, sharedStudent } from "./same-student";

describe("one entry per student and event: the rule's pure parts (docs/product.md#one-entry-per-student-and-event)", () => {
  it.each([
    ["Eli Bar", "eli bar"],
    ["  ELI   BAR ", "eli bar"],
    ["Éli Bär", "eli bar"],
    ["José Núñez-Ibáñez", "jose nunez ibanez"],
    ["O’Brien, Sam", "o brien sam"],
    ["<script>alert(1)</script>", "script alert 1 script"],
  ])("%s folds to %s", (name, folded) => {
    expect(foldedName(name)).toBe(folded);
  });

  it("an entry is a tournament line with an event and a student; the partner counts as a student of it", () => {
    expect(entryOf({ tournamentKey: "k", competitionEvent: "Impromptu", studentName: "Eli Bar" })).toEqual({
      key: "k",
      event: "Impromptu",
      students: ["Eli Bar"],
      tournament: "",
    });
    expect(
      entryOf({
        tournamentKey: "k",
        competitionEvent: "Public Forum (PF)",
        studentFirst: "Ana",
        studentLast: "Li",
        partnerFirst: "Ben",
        partnerLast: "Cho",
      })?.students,
    ).toEqual(["Ana Li", "Ben Cho"]);
    // A judge fee names a school, not a student; a T-shirt nothing.
    expect(entryOf({ tournamentKey: "k", schoolName: "Riverside", schoolContact: "x@y.org" })).toBeNull();
    expect(entryOf(null)).toBeNull();
  });

  it("names the student as the earlier entry has them", () => {
    expect(sharedStudent(["eli  BAR"], ["Ana Li", "Éli Bar"])).toBe("Éli Bar");
    expect(sharedStudent(["Eli Barr"], ["Eli Bar"])).toBeNull();
  });

  it("says which entry there is already", () => {
    const entry = { student: "Eli Bar", event: "Impromptu", tournament: "Winter Open" };
    expect(sameStudentMessage({ ...entry, state: "paid", code: 105 })).toBe(
      "Eli Bar is already entered in Impromptu at Winter Open (entry 105). One student takes one entry per event.",
    );
    expect(sameStudentMessage({ ...entry, state: "in your cart", code: null })).toBe(
      "Eli Bar is already in your cart for Impromptu at Winter Open.",
    );
    expect(sameStudentMessage({ ...entry, state: "awaiting payment", code: null })).toMatch(/\(awaiting payment/);
  });

  it("flags each later entry that repeats a student in the same event, pointing at the first", () => {
    const repeats = duplicatesOf([
      { id: "105", event: "Impromptu", students: ["Eli Bar"] },
      { id: "106", event: "Impromptu", students: ["eli bar"] },
      { id: "107", event: "Impromptu", students: ["ELI BAR"] },
      { id: "108", event: "Original Oratory", students: ["Eli Bar"] },
      { id: "109", event: "Public Forum (PF)", students: ["Ana Li", "Ben Cho"] },
      { id: "110", event: "Public Forum (PF)", students: ["Ben Cho", "Dov Ray"] },
    ]);
    expect(Object.fromEntries(repeats)).toEqual({ "106": "105", "107": "105", "110": "109" });
  });
});
