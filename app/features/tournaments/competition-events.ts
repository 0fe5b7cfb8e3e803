// The competition events a tournament entry is for, without Zod or server code: the shop's form, its schema and
// the staff settings read them. (Moved here from the shop's registration rules, which re-export them.)

/** The tournament events list of docs/product.md#3-entities-and-their-fields, in its order. */
export const COMPETITION_EVENTS = [
  "Lincoln-Douglas (LD)",
  "Public Forum (PF)",
  "Extemporaneous Debate (EXD)",
  "Congressional Debate",
  "Extemporaneous Speaking",
  "Impromptu Speaking",
  "Humorous Interpretation",
  "Dramatic Interpretation",
  "Original Oratory",
  "Informative Speaking",
  "Policy Debate",
  "Radio Speaking",
  "Big Questions",
  "World Schools",
] as const;

export type CompetitionEvent = (typeof COMPETITION_EVENTS)[number];

/**
 * The two-person events (decision 0040, from the guide's content): Public Forum and Policy Debate are debated by
 * teams of two, so an entry names a partner; in Big Questions a student competes alone or with a partner, so the
 * partner is optional. World Schools teams are three to five and are entered by the school, not here. One entry,
 * however many students, holds one place against a cap.
 */
export const PARTNER_EVENTS: Readonly<Record<string, "required" | "optional">> = {
  "Public Forum (PF)": "required",
  "Policy Debate": "required",
  "Big Questions": "optional",
};

export function partnerRule(event: string | null | undefined): "required" | "optional" | null {
  return (event && PARTNER_EVENTS[event]) || null;
}

/**
 * Each event's default abbreviation in Tabroom's files and on the staff page (decision 0046): Tabroom's NSDA district
 * set where the district's event is one of it (LD, PF, CX, BQ, DI, HI, INF, OO, USX for extemp, HSE for Congress,
 * whose Senate is SEN, WS for World Schools), the district's own short name otherwise. Staff change them per
 * tournament to match its Tabroom.
 */
export const DEFAULT_ABBREVIATIONS: Readonly<Record<CompetitionEvent, string>> = {
  "Lincoln-Douglas (LD)": "LD",
  "Public Forum (PF)": "PF",
  "Extemporaneous Debate (EXD)": "EXD",
  "Congressional Debate": "HSE",
  "Extemporaneous Speaking": "USX",
  "Impromptu Speaking": "IMP",
  "Humorous Interpretation": "HI",
  "Dramatic Interpretation": "DI",
  "Original Oratory": "OO",
  "Informative Speaking": "INF",
  "Policy Debate": "CX",
  "Radio Speaking": "RAD",
  "Big Questions": "BQ",
  "World Schools": "WS",
};

/** An abbreviation staff may give an event: 1 to 8 capital letters and digits (it names a file). */
export const ABBREVIATION_PATTERN = /^[A-Z0-9]{1,8}$/;

/** An event's abbreviation at a tournament: staff's, or the default (or the name itself, for an unknown event). */
export function eventAbbreviation(event: string, chosen: Readonly<Record<string, string>> = {}): string {
  return chosen[event] ?? (DEFAULT_ABBREVIATIONS as Record<string, string>)[event] ?? event;
}

/** How many students one entry of `event` has in Tabroom's file: two in a team event, else one. */
export function speakersOf(event: string): number {
  return partnerRule(event) ? 2 : 1;
}

/**
 * The sheet's event types that are the district's own tournaments and qualifiers (decision 0027): never a
 * Yeshiva League event and never an untyped "other" row. Their settings are staff's; the shop offers them.
 */
export function isDistrictTournament(type: string): boolean {
  return ["speech", "debate", "wsd", "congress", "hybrid-tournament"].includes(type) || type.endsWith("-quals");
}

/** The speech events of COMPETITION_EVENTS: what a speech tournament offers by default (decision 0051). */
const SPEECH_EVENTS: readonly CompetitionEvent[] = [
  "Extemporaneous Speaking",
  "Impromptu Speaking",
  "Humorous Interpretation",
  "Dramatic Interpretation",
  "Original Oratory",
  "Informative Speaking",
  "Radio Speaking",
];

/** The debate events: what a debate tournament offers by default (World Schools has its own type, wsd). */
const DEBATE_EVENTS: readonly CompetitionEvent[] = [
  "Lincoln-Douglas (LD)",
  "Public Forum (PF)",
  "Extemporaneous Debate (EXD)",
  "Policy Debate",
  "Big Questions",
];

/**
 * The events a tournament of the sheet's `type` offers when staff chose none (decision 0051): a speech tournament
 * its speech events, a debate tournament its debate events, Congress Congressional Debate, World Schools its own;
 * the qualifiers, the hybrid tournament and an unknown type (a tournament no longer on the sheet) all of them.
 */
export function defaultEventsFor(type: string | null | undefined): CompetitionEvent[] {
  switch (type) {
    case "speech":
      return [...SPEECH_EVENTS];
    case "debate":
      return [...DEBATE_EVENTS];
    case "congress":
      return ["Congressional Debate"];
    case "wsd":
      return ["World Schools"];
    default:
      return [...COMPETITION_EVENTS];
  }
}

/** The sheet's competition types (decision 0051): the ones that take entries unless their title says otherwise. */
function isCompetitionType(type: string): boolean {
  return ["speech", "debate", "congress", "hybrid-tournament"].includes(type) || type.endsWith("-quals");
}

/** Words of a title that make a row something other than a competition: a camp, a practice, an awards night... */
const NOT_A_COMPETITION = /\b(camps?|practices?|training|workshops?|nights?|awards?|ceremon(?:y|ies))\b/i;

/**
 * Whether a schedule row takes entries on this site when staff have not chosen (decision 0051): a row of a
 * competition type (speech, debate, congress, a qualifier, the hybrid tournament) whose title names no camp,
 * practice, training, workshop, night, awards or ceremony.
 */
export function takesEntriesByDefault(event: { type: string; title: string }): boolean {
  return isCompetitionType(event.type) && !NOT_A_COMPETITION.test(event.title);
}

/** Whether a tournament takes entries: staff's choice (true or false), or the default rule when they made none. */
export function takesEntries(choice: boolean | null | undefined, event: { type: string; title: string }): boolean {
  return choice ?? takesEntriesByDefault(event);
}

/**
 * Whether the checkout refuses a tournament's entries (decision 0051): staff closed it, or, with no choice made, its
 * title names no competition. (The add to cart checked its type too; a cart line keeps its title, not its type.)
 */
export function entriesRefusedByChoice(choice: boolean | null | undefined, title: string): boolean {
  return choice === false || (choice == null && NOT_A_COMPETITION.test(title));
}
