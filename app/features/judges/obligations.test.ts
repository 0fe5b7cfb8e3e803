import { describe, expect, it } from "vitest";
import { categoryEvents, DEFAULT_ENTRIES_PER_JUDGE, eventCategory } from "./categories";
import { categoryBurden, schoolObligation, type JudgeRule } from "./obligations";

const rule: JudgeRule = { entriesPerJudge: { ...DEFAULT_ENTRIES_PER_JUDGE }, judgesPerFee: 1 };
const entries = (debate: number, speech: number, congress: number) => ({ debate, speech, congress });

describe("a school's judge burden (decision 0045)", () => {
  it.each([
    [0, 2, 0],
    [1, 2, 1],
    [2, 2, 1],
    [3, 2, 2],
    [5, 5, 1],
    [6, 5, 2],
    [6, 6, 1],
    [7, 6, 2],
    [4, 0, 0],
  ])("%i entries at one judge per %i owe %i", (count, per, owed) => {
    expect(categoryBurden(count, per)).toBe(owed);
  });

  it("sorts the district's events into debate, speech and Congress", () => {
    expect(eventCategory("Public Forum (PF)")).toBe("debate");
    expect(eventCategory("World Schools")).toBe("debate");
    expect(eventCategory("Congressional Debate")).toBe("congress");
    expect(eventCategory("Original Oratory")).toBe("speech");
    expect(categoryEvents("congress")).toEqual(["Congressional Debate"]);
  });

  it("owes per category, rounded up, less the judges paid Judge Fees cover (debate first)", () => {
    const owed = schoolObligation(rule, entries(3, 6, 1), 1, []);
    expect(owed.burden).toEqual({ debate: 2, speech: 2, congress: 1 });
    expect(owed.feeCovered).toBe(1);
    expect(owed.owed).toEqual({ debate: 1, speech: 2, congress: 1 });
    expect(owed.owedTotal).toBe(4);
    expect(owed.shortfallTotal).toBe(4);
    // Fees beyond the burden cover nothing more.
    expect(schoolObligation({ ...rule, judgesPerFee: 2 }, entries(1, 0, 0), 3, []).owedTotal).toBe(0);
  });

  it("counts confirmed judges only, each where they can judge and the most is owed", () => {
    const owed = schoolObligation(rule, entries(4, 5, 0), 0, [
      { categories: ["debate", "speech"], confirmed: true },
      { categories: ["speech"], confirmed: true },
      { categories: ["debate"], confirmed: false },
    ]);
    expect(owed.named).toBe(3);
    expect(owed.confirmed).toBe(2);
    // The speech-only judge takes speech; the one who can do both fills debate.
    expect(owed.shortfall).toEqual({ debate: 1, speech: 0, congress: 0 });
    expect(owed.shortfallTotal).toBe(1);
    // A judge who cannot judge what is owed covers nothing.
    expect(
      schoolObligation(rule, entries(0, 0, 6), 0, [{ categories: ["debate"], confirmed: true }]).shortfallTotal,
    ).toBe(1);
  });
});
