/**
 * Bio shortening of docs/product.md#9-constants-and-limits.
 *
 * Coaches (/about): bios over 350 characters are cut at 350, at the last full
 * stop if it lies past 70 percent of the limit, otherwise with an ellipsis.
 * Qualifiers (/2025-nationals-team): bios over 200 characters get the toggle;
 * the preview aims at about 120 characters, trimmed to the last full sentence
 * if that lies past 70 percent, otherwise with an ellipsis.
 */
export type BioRule = {
  /** A bio longer than this gets a preview and a Read more toggle. */
  toggleOver: number;
  /** The preview's length limit in characters. */
  cutAt: number;
  /** The preview's collapsed height in CSS pixels. */
  collapsedHeightPx: number;
};

export const coachBioRule: BioRule = { toggleOver: 350, cutAt: 350, collapsedHeightPx: 140 };
export const qualifierBioRule: BioRule = { toggleOver: 200, cutAt: 120, collapsedHeightPx: 120 };

/** A sentence ends at . ! or ? (with any closing quote or bracket) before a space. */
const SENTENCE_END = /[.!?]["'”’)\]]?(?=\s|$)/g;
/** Full stops that end abbreviations, not sentences. */
const ABBREVIATION = /(?:^|\s)(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|Prof|vs|U\.S|e\.g|i\.e)\.$/;

export type ShortBio = { preview: string; truncated: boolean };

export function shortenBio(bio: string, rule: BioRule): ShortBio {
  const text = bio.trim().replace(/\s+/g, " ");
  if (text.length <= rule.toggleOver) return { preview: text, truncated: false };

  const head = text.slice(0, rule.cutAt);
  let lastStop = -1;
  for (const match of head.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    // A stop at the very edge of the cut counts only if the sentence really ends there.
    if (end === head.length && !/^\s|^$/.test(text.slice(end, end + 1))) continue;
    if (ABBREVIATION.test(head.slice(0, match.index + 1))) continue;
    lastStop = end;
  }
  // Integer comparison: 0.7 * 350 is 244.99999999999997 in floating point.
  if (lastStop * 10 > rule.cutAt * 7) return { preview: head.slice(0, lastStop), truncated: true };

  // No late full stop: cut at the last word boundary and mark the cut.
  const space = head.lastIndexOf(" ");
  const words = (space * 2 > rule.cutAt ? head.slice(0, space) : head).replace(/[\s,;:.!?-]+$/, "");
  return { preview: `${words}…`, truncated: true };
}
