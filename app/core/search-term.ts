import { z } from "~/core/zod";

// oxlint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * A text filter read from a dashboard's query string: trimmed, at most `max`
 * characters, without control characters (PostgreSQL's text cannot hold a NUL,
 * and none of them means anything in a search), and "" for anything else.
 * It never throws: a hand-edited address falls back to no filter.
 */
export function searchTerm(max: number) {
  return z
    .string()
    .transform((value) => value.replace(CONTROL, "").trim().slice(0, max))
    .catch("");
}
