import { describe, expect, it } from "vitest";
import { judgeSchema } from "./schema";

const valid = {
  tournament: "any",
  firstName: "Dana",
  lastName: "Levi",
  email: "dana@example.org",
  schoolCode: "other",
  schoolName: "Ohr Academy",
  categories: ["debate"],
};

const errors = (value: Record<string, unknown>) => {
  const result = judgeSchema(["any"], ["OCA"]).safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the judge form's schema", () => {
  it("takes a judge for any tournament from a typed school", () => {
    expect(errors(valid)).toEqual({});
  });

  it.each([
    ["a line break", "Dana\nLevi", "First name must be on one line, without line breaks or control characters."],
    ["a carriage return", "Da\rna", "First name must be on one line, without line breaks or control characters."],
    ["a leading =", "=HYPERLINK(1)", "First name cannot start with =, +, - or @."],
    ["a leading @", "@SUM(1)", "First name cannot start with =, +, - or @."],
    ["a leading + after spaces", "  +1", "First name cannot start with =, +, - or @."],
    ["a full-width ＝", "\uFF1DSUM(1)", "First name cannot start with =, +, - or @."],
  ])("refuses a name with %s, as entries do", (_what, firstName, message) => {
    expect(errors({ ...valid, firstName })).toMatchObject({ firstName: message });
  });

  it("takes accents (folded for Tabroom) and refuses a character with no Latin form", () => {
    expect(errors({ ...valid, firstName: "José" })).toEqual({});
    expect(errors({ ...valid, firstName: "李" })).toMatchObject({
      firstName: 'First name cannot hold "李": please write it in Latin letters.',
    });
  });

  it("refuses the same in the last name and the note", () => {
    expect(errors({ ...valid, lastName: "-Levi" })).toMatchObject({
      lastName: "Last name cannot start with =, +, - or @.",
    });
    expect(errors({ ...valid, note: "parent\u2028coach" })).toMatchObject({
      note: "Note must be on one line, without line breaks or control characters.",
    });
  });

  it("asks for a tournament offered, a school, a typed name for Other, and at least one category", () => {
    expect(errors({ ...valid, tournament: "2020-01-01|gone", schoolName: "", categories: [] })).toEqual({
      tournament: "Please choose a tournament, or any tournament.",
      schoolName: "Please type the school's name (at least 2 characters).",
      categories: "Please choose at least one kind of event the judge can judge.",
    });
    expect(errors({ ...valid, schoolCode: "NOPE" })).toMatchObject({
      schoolCode: "Please choose a school from the list, or Other.",
    });
    expect(errors({ ...valid, schoolCode: "none", schoolName: "" })).toEqual({});
  });
});
