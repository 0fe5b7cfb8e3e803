// The judge form's limits and choices, without Zod: the form renders with them before its schema loads.
import { isSingleLine, singleLineMessage } from "~/core/single-line";
import { foldToAscii } from "~/features/tabroom/fold";

export const judgeLimits = {
  name: 50,
  email: 254,
  phone: 40,
  school: 100,
  note: 200,
} as const;

/** The school choice for a judge who comes for no school (a volunteer, a hired judge). */
export const NO_SCHOOL = "none";

/** Examples the note's hint offers. */
export const NOTE_EXAMPLES = "first time, parent, coach, former competitor";

/**
 * What a name (or any one-line field) refuses, as the entries do: a line break or other control character
 * (Tabroom reads its files line by line), a leading =, +, - or @ (a spreadsheet would run it as a formula), and a
 * character with no plain-letter form (Tabroom's file is ASCII: "José" folds to "Jose", "李" cannot).
 * Null when the text is fine.
 */
export function oneLineProblem(value: string, label: string): string | null {
  // The shared one-line rule of every form (app/core/single-line.ts), with its message.
  if (!isSingleLine(value)) return singleLineMessage(label);
  const folded = foldToAscii(value);
  if (!folded.ok) return `${label} cannot hold "${folded.character}": please write it in Latin letters.`;
  // Checked on the folded text too: a full-width ＝ becomes "=" in Tabroom's file.
  if (/^[=+\-@]/.test(value.trim()) || /^[=+\-@]/.test(folded.value.trim()))
    return `${label} cannot start with =, +, - or @.`;
  return null;
}
