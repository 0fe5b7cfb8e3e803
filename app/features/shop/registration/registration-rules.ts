// The registration dialogs' lists, limits and titles, without Zod: the dialogs
// render with them before their schema (./registration-schema.ts) has loaded in the browser.
import type { EventType, ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { isDistrictTournament } from "~/features/tournaments/competition-events";

export { COMPETITION_EVENTS } from "~/features/tournaments/competition-events";

/** The limits of docs/product.md#5-validation-rules on the dialogs' fields (trimmed lengths). */
export const registrationLimits = {
  name: { min: 2, max: 100 },
  contact: { min: 3, max: 200 },
} as const;

/** The title of the notice that repeats a dialog's first message (docs/product.md#5-validation-rules). */
export const VALIDATION_ERROR_TITLE = "Validation Error";

/** The dialogs' titles, by kind. */
export const registrationTitles: Record<RegistrationKind, string> = {
  tournamentEntry: "Tournament Registration",
  judgeFee: "Judge Registration",
  ylmcStudentEntry: "YLMC Student Registration",
  ylmunEntry: "YLMUN Student Registration",
  ylmcSchoolRegistration: "YLMC School Registration",
};

/** Whether a kind asks for a schedule event. */
export function usesSchedule(kind: RegistrationKind): boolean {
  return kind === "tournamentEntry" || kind === "judgeFee";
}

/**
 * The event types a form offers (decision 0027): the tournament entry and
 * judge fees are for the district's own tournaments and its qualifiers, never
 * a Yeshiva League event (the league's forms name their event by the product
 * and ask for none) and never an untyped "other" row.
 */
export function offersEventType(kind: RegistrationKind, type: EventType | string): boolean {
  if (!usesSchedule(kind)) return false;
  return isDistrictTournament(type);
}

/** The schedule events one form offers, in the schedule's order; the server checks a choice against the same list. */
export function scheduleFor(kind: RegistrationKind, schedule: readonly ScheduleEvent[]): ScheduleEvent[] {
  return schedule.filter((event) => offersEventType(kind, event.type));
}

/** Said (with links to /events and /contact) where a form that needs a tournament has none to offer (decision 0026). */
export const NO_TOURNAMENTS_MESSAGE = "No tournaments are open for registration yet.";
