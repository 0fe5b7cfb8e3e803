import { z } from "./zod";

/**
 * Line breaks and control characters: C0 (tab, LF and CR included), DEL, C1 (U+0085, the next-line character,
 * included), and the Unicode line and paragraph separators U+2028 and U+2029. None belongs in a name, a school, a
 * contact, a subject or any other one-line field: they break the line of an email header, a CSV cell or a roster.
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when the text has no line break and no control character. */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK_OR_CONTROL.test(value);
}

/** The message at the field: "School name must be on one line, without line breaks or control characters." */
export function singleLineMessage(label: string): string {
  return `${label} must be on one line, without line breaks or control characters.`;
}

/**
 * The one rule for every single-line text field of a form (decision 0042): refuses a line break or a control
 * character anywhere in the value with `singleLineMessage(label)` at the field. Put it on the string schema
 * (after `.trim()`, so a trailing newline a browser adds is dropped rather than refused):
 * `singleLine(z.string().trim().min(2, short).max(100, long), "School name")`. An empty, null or missing value
 * passes (the field's own rules decide whether it is required).
 */
export function singleLine<Schema extends z.ZodType<string | null | undefined>>(schema: Schema, label: string): Schema {
  return schema.refine((value) => value === null || value === undefined || isSingleLine(value), {
    message: singleLineMessage(label),
  });
}
