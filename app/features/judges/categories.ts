import { JUDGE_CATEGORIES, type JudgeCategory } from "~/db/schema/judges";
import { COMPETITION_EVENTS, type CompetitionEvent } from "~/features/tournaments/competition-events";

export { JUDGE_CATEGORIES, type JudgeCategory };

/** What people read for each category, in the order they are listed. */
export const CATEGORY_LABELS: Readonly<Record<JudgeCategory, string>> = {
  debate: "Debate",
  speech: "Speech",
  congress: "Congress",
};

/**
 * Entries one judge covers, per category, unless staff set a tournament's own (decision 0045): the NSDA district
 * setup Tabroom uses, one judge per 2 debate entries, per 5 speech entries and per 6 Congress entries.
 */
export const DEFAULT_ENTRIES_PER_JUDGE: Readonly<Record<JudgeCategory, number>> = { debate: 2, speech: 5, congress: 6 };

/** Judges one paid Judge Fee covers, unless staff set a tournament's own. */
export const DEFAULT_JUDGES_PER_FEE = 1;

/**
 * The district's competition events sorted into judge categories (decision 0045), as the Competition Guide files
 * them: the debates (World Schools and Big Questions among them) are debate, Congress is its own, the rest speech.
 */
export const EVENT_CATEGORY: Readonly<Record<CompetitionEvent, JudgeCategory>> = {
  "Lincoln-Douglas (LD)": "debate",
  "Public Forum (PF)": "debate",
  "Extemporaneous Debate (EXD)": "debate",
  "Congressional Debate": "congress",
  "Extemporaneous Speaking": "speech",
  "Impromptu Speaking": "speech",
  "Humorous Interpretation": "speech",
  "Dramatic Interpretation": "speech",
  "Original Oratory": "speech",
  "Informative Speaking": "speech",
  "Policy Debate": "debate",
  "Radio Speaking": "speech",
  "Big Questions": "debate",
  "World Schools": "debate",
};

/** The category of an entry's event; an event off the list (an old entry) is counted as speech. */
export function eventCategory(event: string): JudgeCategory {
  return (COMPETITION_EVENTS as readonly string[]).includes(event)
    ? EVENT_CATEGORY[event as CompetitionEvent]
    : "speech";
}

/** The events of one category, in the list's order. */
export function categoryEvents(category: JudgeCategory): CompetitionEvent[] {
  return COMPETITION_EVENTS.filter((event) => EVENT_CATEGORY[event] === category);
}

export function isJudgeCategory(value: string): value is JudgeCategory {
  return (JUDGE_CATEGORIES as readonly string[]).includes(value);
}
