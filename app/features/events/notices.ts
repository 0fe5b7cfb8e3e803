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
