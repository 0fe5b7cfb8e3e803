import { foldToAscii } from "~/features/tabroom/fold";

/** The messages of the name rules (decision 0046), shown at the field. */
export const nameMessages = {
  formula: "A name cannot begin with =, +, - or @.",
  schoolFormula: "A school's name cannot begin with =, +, - or @.",
  quote: "A name cannot begin or end with a quotation mark.",
  unfoldable: (character: string) =>
    `Tabroom cannot take “${character}” in a name: please write the name in Latin letters.`,
  schoolPunctuation: "Tabroom skips a school name with more than four punctuation marks: please write it with fewer.",
} as const;

/**
 * Why a student's name (first or last), or with `school` a school's, cannot go into Tabroom's file as typed, or null
 * (decision 0046). A value that begins with =, +, - or @ is refused, so the file never needs a spreadsheet guard
 * that would change the name; one with a character that has no ASCII form is refused (Tabroom skips a line with any
 * other byte); a school with more than four characters other than letters, digits and spaces is refused, since
 * Tabroom's importer skips its line.
 */
export function tabroomNameProblem(value: string, what: "name" | "school" = "name"): string | null {
  const text = value.trim();
  if (text === "") return null;
  if (/^[=+\-@]/.test(text)) return what === "school" ? nameMessages.schoolFormula : nameMessages.formula;
  const folded = foldToAscii(text);
  if (!folded.ok) return nameMessages.unfoldable(folded.character);
  if (/^"|"$/.test(folded.value)) return nameMessages.quote;
  if (what === "school" && folded.value.replace(/[A-Za-z0-9 ]/g, "").length > 4) return nameMessages.schoolPunctuation;
  return null;
}

/**
 * A name typed as one field, split at its last space for an entry made before names were asked in parts (the
 * migration of decision 0046 does the same in SQL): `unsure` when the split may be wrong (one word, three or more, a
 * comma), for staff to confirm on the roster.
 */
export function splitOldName(name: string): { first: string; last: string; unsure: boolean } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const unsure = words.length !== 2 || name.includes(",");
  if (words.length <= 1) return { first: words[0] ?? "", last: "", unsure };
  return { first: words.slice(0, -1).join(" "), last: words.at(-1)!, unsure };
}
