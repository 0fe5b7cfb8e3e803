import { describe, expect, it } from "vitest";
import { coachBioRule, qualifierBioRule, shortenBio } from "./truncate-bio";

/** Builds a text of exactly `length` characters from repeated words (no full stops). */
function words(length: number): string {
  const text = "speech and debate ".repeat(Math.ceil(length / 18)).slice(0, length);
  // Never end on a space: a trailing space would be trimmed away.
  return text.endsWith(" ") ? `${text.slice(0, -1)}x` : text;
}

describe("coach bios (350 characters, full stop past 70 percent, else ellipsis)", () => {
  it.each([
    ["under the limit", 200],
    ["exactly at the limit", 350],
  ])("leaves a bio %s untouched, with no toggle", (_label, length) => {
    const bio = words(length);
    expect(shortenBio(bio, coachBioRule)).toEqual({ preview: bio, truncated: false });
  });

  it("cuts a bio one character over the limit", () => {
    const result = shortenBio(words(351), coachBioRule);
    expect(result.truncated).toBe(true);
    expect(result.preview.endsWith("…")).toBe(true);
  });

  it("ends at the last full stop when it lies past 70 percent (245 characters)", () => {
    const first = `${words(299)}.`; // full stop at character 300
    const bio = `${first} ${words(200)}`;
    expect(shortenBio(bio, coachBioRule)).toEqual({ preview: first, truncated: true });
  });

  it("uses an ellipsis when the last full stop lies before 70 percent", () => {
    const bio = `${words(199)}. ${words(400)}`; // only stop at character 200 (57 percent)
    const { preview, truncated } = shortenBio(bio, coachBioRule);
    expect(truncated).toBe(true);
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(351);
    expect(preview.length).toBeGreaterThan(300);
    expect(bio.startsWith(preview.slice(0, -1))).toBe(true);
  });

  it("treats a stop exactly at 70 percent as not past it", () => {
    const bio = `${words(244)}. ${words(300)}`; // stop ends at character 245 = 70 percent of 350
    expect(shortenBio(bio, coachBioRule).preview.endsWith("…")).toBe(true);
    const later = `${words(245)}. ${words(300)}`; // 246: past 70 percent
    expect(shortenBio(later, coachBioRule).preview).toBe(`${words(245)}.`);
  });

  it("does not mistake a title or U.S. for the end of a sentence", () => {
    const bio = `${words(260)} with Dr. Cohen in U.S. Extemp ${words(300)}`;
    expect(shortenBio(bio, coachBioRule).preview.endsWith("…")).toBe(true);
  });

  it("never cuts inside a word", () => {
    const bio = words(500);
    const preview = shortenBio(bio, coachBioRule).preview.slice(0, -1);
    expect(bio.charAt(preview.length)).toBe(" ");
  });
});

describe("qualifier bios (toggle over 200, cut near 120 characters)", () => {
  it.each([
    ["under 200", 150],
    ["exactly 200", 200],
  ])("shows a bio %s whole, with no toggle", (_label, length) => {
    const bio = words(length);
    expect(shortenBio(bio, qualifierBioRule)).toEqual({ preview: bio, truncated: false });
  });

  it("trims to the last full sentence when it ends past 70 percent of 120 (84 characters)", () => {
    const first = `${words(99)}.`;
    const bio = `${first} ${words(150)}`;
    expect(shortenBio(bio, qualifierBioRule)).toEqual({ preview: first, truncated: true });
  });

  it("accepts a question or exclamation as the end of a sentence", () => {
    const first = `${words(95)}?`;
    expect(shortenBio(`${first} ${words(150)}`, qualifierBioRule).preview).toBe(first);
  });

  it("uses an ellipsis when the only sentence end is before 84 characters", () => {
    const bio = `${words(59)}. ${words(200)}`;
    const { preview, truncated } = shortenBio(bio, qualifierBioRule);
    expect(truncated).toBe(true);
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(121);
  });

  it("normalises line breaks from the YAML files", () => {
    expect(shortenBio("A bio\n  over two\nlines.", qualifierBioRule).preview).toBe("A bio over two lines.");
  });
});
