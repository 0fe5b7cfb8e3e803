import { fullMessage, noEntriesMessage, notOfferedMessage, type RegistrationWindow, windowRefusal } from "./window";

/** One tournament of the sheet as registration sees it now. */
export type TournamentOffer = {
  /** The sheet's row id (what the form posts). */
  id: string;
  key: string;
  /** Whether it takes entries on this site at all: staff's choice, or the default rule (decision 0051). */
  takesEntries: boolean;
  title: string;
  date: string;
  window: RegistrationWindow;
  /** "Registration closes Dec 1" */
  closes: string;
  events: string[];
  /** Events at their cap (paid and held entries). */
  full: string[];
  /** What registration asks each student besides the name (decision 0046). */
  asks: { novice: boolean; studentEmail: boolean };
};

/**
 * Why an entry (or, with no event, a judge fee) for `offer` cannot be added now: not a tournament that takes entries
 * here (decision 0051), outside the window, an event
 * not offered, or an event at its cap. Null when it can. The checkout checks the window again and holds the place.
 */
export function offerRefusal(
  offer: Pick<TournamentOffer, "title" | "window" | "events" | "full" | "takesEntries">,
  event: string | null,
): string | null {
  if (!offer.takesEntries) return noEntriesMessage(offer.title);
  if (offer.window.state !== "open") return windowRefusal(offer.title, offer.window);
  if (event === null) return null;
  if (!offer.events.includes(event)) return notOfferedMessage(offer.title, event);
  if (offer.full.includes(event)) return fullMessage(offer.title, event);
  return null;
}
