import { describe, expect, it } from "vitest";
import { initialsOf, specialtyChip } from "./specialties";

describe("specialty chips", () => {
  it.each([
    ["extemporaneous-speaking", "/guide?event=extemporaneous-speaking"],
    ["extemp-debate", "/guide?event=extemp-debate"],
    ["impromptu-speaking", "/guide?event=impromptu-speaking"],
    ["original-oratory", "/guide?event=original-oratory"],
    ["informative-speaking", "/guide?event=informative-speaking"],
    ["radio-speaking", "/guide?event=radio-speaking"],
    ["world-schools", "/guide?event=world-schools"],
    ["lincoln-douglas", "/guide?event=lincoln-douglas"],
    ["congressional-debate", "/guide?event=congressional-debate"],
    ["public-forum", "/guide?event=public-forum"],
    ["humorous-interpretation", "/guide?event=humorous-interpretation"],
    ["dramatic-interpretation", "/guide?event=dramatic-interpretation"],
  ] as const)("links %s to the guide with docs/product.md's slug", (slug, href) => {
    expect(specialtyChip(slug).href).toBe(href);
  });

  it("shows Policy Debate without a link", () => {
    expect(specialtyChip("policy-debate")).toEqual({ label: "Policy Debate", href: null });
  });
});

describe("initials", () => {
  it.each([
    ["Dr. Miriam Feldstein", "MF"],
    ["Rabbi Daniel Kessler", "DK"],
    ["Leah Goldberg-Ortiz", "LO"],
    ["Maya R.", "MR"],
    ["Cher", "C"],
  ])("%s -> %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
