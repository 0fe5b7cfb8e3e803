import { describe, expect, it } from "vitest";
import { schoolsContent } from "~/features/content/content.server";
import { schoolsInState, selectedState, stateOptions } from "./schools";

const sample = [{ state: "NY" }, { state: "KS" }, { state: "NY" }, { state: "CA" }, { state: "NJ" }] as const;

describe("state filter", () => {
  it("lists each state once, sorted by name", () => {
    expect(stateOptions(sample)).toEqual([
      { code: "CA", name: "California" },
      { code: "KS", name: "Kansas" },
      { code: "NJ", name: "New Jersey" },
      { code: "NY", name: "New York" },
    ]);
  });

  it("offers the eight states of the member schools, in alphabetical order", () => {
    expect(stateOptions(schoolsContent()).map((option) => option.name)).toEqual([
      "California",
      "Colorado",
      "Florida",
      "Illinois",
      "Kansas",
      "New Jersey",
      "New York",
      "Pennsylvania",
    ]);
  });

  it.each([
    ["NY", "NY"],
    ["ny", "NY"],
    [" KS ", "KS"],
    ["", null],
    [null, null],
    ["TX", null], // a real state with no member school
    ["all", null],
    ["<script>", null],
  ])("reads ?state=%j as %j", (value, expected) => {
    expect(selectedState(value, stateOptions(sample))).toBe(expected);
  });

  it("keeps only the chosen state's schools, or all of them", () => {
    expect(schoolsInState(sample, "NY")).toHaveLength(2);
    expect(schoolsInState(sample, null)).toHaveLength(5);
  });
});
