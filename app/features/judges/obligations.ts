import { JUDGE_CATEGORIES, type JudgeCategory } from "./categories";

export type PerCategory = Record<JudgeCategory, number>;

export const zeroes = (): PerCategory => ({ debate: 0, speech: 0, congress: 0 });

/** A tournament's judge rule (decision 0045). */
export type JudgeRule = { entriesPerJudge: PerCategory; judgesPerFee: number };

/** One school's judges as the pool counts them: the categories each can judge. */
export type SchoolJudge = { categories: readonly JudgeCategory[]; confirmed: boolean };

/** What one school owes and has, per category and in all. */
export type Obligation = {
  /** Paid entries per category. */
  entries: PerCategory;
  /** Judges the entries call for: entries / entries per judge, rounded up, per category. */
  burden: PerCategory;
  /** Judges the school's paid Judge Fees cover (fees x judges per fee), taken off the burden. */
  feeCovered: number;
  /** What is left to name, per category: the burden less the fee-covered judges. */
  owed: PerCategory;
  owedTotal: number;
  /** Judges named (not withdrawn) and confirmed. */
  named: number;
  confirmed: number;
  /** Owed judges no confirmed judge covers, per category and in all. */
  shortfall: PerCategory;
  shortfallTotal: number;
};

/**
 * Judges a school owes in one category: its paid entries divided by the entries one judge covers, rounded up
 * (Tabroom's judge burden). A category whose number is 0 owes none.
 */
export function categoryBurden(entries: number, entriesPerJudge: number): number {
  if (entries <= 0 || entriesPerJudge <= 0) return 0;
  return Math.ceil(entries / entriesPerJudge);
}

/**
 * A school's obligation (decision 0045). Per category, paid entries / entries per judge, rounded up; the judges its
 * paid Judge Fees cover are then taken off, debate first, then speech, then Congress (a fee names no category). A
 * confirmed judge covers one owed judge in one of the categories they can judge: judges with fewer categories are
 * placed first, each where the most is still owed, so a judge who can judge anything fills what others cannot.
 */
export function schoolObligation(
  rule: JudgeRule,
  entries: PerCategory,
  paidFees: number,
  judges: readonly SchoolJudge[],
): Obligation {
  const burden = zeroes();
  for (const category of JUDGE_CATEGORIES)
    burden[category] = categoryBurden(entries[category], rule.entriesPerJudge[category]);
  const feeCovered = Math.max(0, paidFees) * Math.max(0, rule.judgesPerFee);
  const owed = { ...burden };
  let cover = feeCovered;
  for (const category of JUDGE_CATEGORIES) {
    const taken = Math.min(cover, owed[category]);
    owed[category] -= taken;
    cover -= taken;
  }
  const shortfall = { ...owed };
  const confirmed = judges.filter((judge) => judge.confirmed).sort((a, b) => a.categories.length - b.categories.length);
  for (const judge of confirmed) {
    let best: JudgeCategory | null = null;
    for (const category of JUDGE_CATEGORIES) {
      if (!judge.categories.includes(category) || shortfall[category] <= 0) continue;
      if (best === null || shortfall[category] > shortfall[best]) best = category;
    }
    if (best) shortfall[best] -= 1;
  }
  const sum = (values: PerCategory) => JUDGE_CATEGORIES.reduce((total, category) => total + values[category], 0);
  return {
    entries,
    burden,
    feeCovered,
    owed,
    owedTotal: sum(owed),
    named: judges.length,
    confirmed: confirmed.length,
    shortfall,
    shortfallTotal: sum(shortfall),
  };
}
