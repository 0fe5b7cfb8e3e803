import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { isSingleLine, singleLine, singleLineMessage } from "./single-line";

const refused = {
  LF: "\n",
  CR: "\r",
  "CR LF": "\r\n",
  tab: "\t",
  "vertical tab": "\u000B",
  "form feed": "\u000C",
  NUL: "\u0000",
  escape: "\u001B",
  DEL: "\u007F",
  "next line (U+0085)": "\u0085",
  "C1 (U+009B)": "\u009B",
  "line separator (U+2028)": "\u2028",
  "paragraph separator (U+2029)": "\u2029",
};

describe("singleLine", () => {
  const school = singleLine(z.string().trim().min(2, "short").max(100, "long"), "School name");

  for (const [name, character] of Object.entries(refused)) {
    it(`refuses ${name} inside the value, with the message at the field`, () => {
      expect(isSingleLine(`Lincoln${character}High`)).toBe(false);
      const result = school.safeParse(`=HYPERLINK("x")${character}Lincoln High`);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(singleLineMessage("School name"));
    });
  }

  it("takes ordinary names, accents, apostrophes and non-Latin scripts", () => {
    for (const value of ["Lincoln High", "José O'Brien-Núñez", "北京四中", "Zoë  Smith", "École · Saint-Jean"]) {
      expect(school.parse(value)).toBe(value);
    }
  });

  it("drops a line break at either end (trimmed first) rather than refusing it", () => {
    expect(school.parse("\nLincoln High\r\n")).toBe("Lincoln High");
  });

  it("lets an optional field be missing or null", () => {
    expect(singleLine(z.string().optional(), "Phone").parse(undefined)).toBeUndefined();
    expect(singleLine(z.string().nullable(), "Phone").parse(null)).toBeNull();
  });
});
