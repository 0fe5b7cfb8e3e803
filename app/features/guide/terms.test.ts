import { describe, expect, it } from "vitest";
import { paragraphs, splitTerms } from "./terms";

describe("splitTerms", () => {
  it("marks the first mention of each philosophical term, whatever its case", () => {
    const parts = splitTerms(
      "Deontology and utilitarianism differ; deontology again. Virtue ethics and other traditions too.",
    );
    expect(parts.filter((p) => p.kind === "term").map((p) => p.text)).toEqual([
      "Deontology",
      "utilitarianism",
      "Virtue ethics",
      "other traditions",
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(
      "Deontology and utilitarianism differ; deontology again. Virtue ethics and other traditions too.",
    );
  });

  it("leaves text without terms alone and ignores parts of words", () => {
    expect(splitTerms("Speak clearly.")).toEqual([{ kind: "text", text: "Speak clearly." }]);
    expect(splitTerms("neodeontology").every((p) => p.kind === "text")).toBe(true);
  });
});

describe("paragraphs", () => {
  it("splits on blank lines and joins wrapped lines", () => {
    expect(paragraphs("One\nline.\n\nTwo.\n  \nThree.\n")).toEqual(["One line.", "Two.", "Three."]);
  });
});
