// What a refresh of the events tells the person who asked for it: shown by the
// calendar (with JavaScript) and by the /events/refresh action (without).

export const REFRESHED_TOAST = {
  type: "success",
  title: "Events Refreshed",
  description: "Calendar events have been updated from the online spreadsheet service",
} as const;

export const REFRESH_FAILED_TOAST = {
  type: "error",
  title: "Could not refresh events",
  description: "The online spreadsheet service did not answer. The schedule shown is the last one we received.",
} as const;

/** A Refresh inside the cooldown: no fetch happened, so it must not claim one (docs/product.md#4-states-and-transitions). */
export const ALREADY_UP_TO_DATE_TOAST = {
  type: "info",
  title: "Calendar already up to date",
  description:
    "The events were updated from the online spreadsheet service moments ago. Try again in a minute for newer changes.",
} as const;

/** The notice for a finished Refresh: updated, already up to date (no fetch in the cooldown), or failed. */
export function refreshNotice(outcome: { ok: boolean; rateLimited: boolean }) {
  if (!outcome.ok) return REFRESH_FAILED_TOAST;
  return outcome.rateLimited ? ALREADY_UP_TO_DATE_TOAST : REFRESHED_TOAST;
}
