/** The "send my link again" form (decision 0047). */
export const ENTRIES_PATH = "/entries";

/** A family's entries page at its private link. */
export function entriesPath(token: string): string {
  return `${ENTRIES_PATH}/${encodeURIComponent(token)}`;
}
