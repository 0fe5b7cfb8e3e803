import { addDays, dateParts, MONTHS } from "~/features/events/dates";

/** With no closing day set, registration closes this many days before the tournament (decision 0040). */
export const DEFAULT_CLOSE_DAYS = 3;

export type WindowSettings = { opensOn: string | null; closesOn: string | null };

export type RegistrationWindow = {
  state: "not-yet" | "open" | "closed";
  /** First day open (null: open now). */
  opensOn: string | null;
  /** Last day open, district time (YYYY-MM-DD). */
  closesOn: string;
};

/** The last day registration is open: the set day, or the default days before the tournament. */
export function closingDay(date: string, settings: WindowSettings | null | undefined): string {
  return settings?.closesOn ?? addDays(date, -DEFAULT_CLOSE_DAYS);
}

/**
 * Where `today` (YYYY-MM-DD, district time) stands in a tournament's window. Both ends are whole days in the
 * district's time zone and inclusive: open from the start of opensOn to the end of closesOn.
 */
export function registrationWindow(
  date: string,
  settings: WindowSettings | null | undefined,
  today: string,
): RegistrationWindow {
  const opensOn = settings?.opensOn ?? null;
  const closesOn = closingDay(date, settings);
  const state = opensOn && today < opensOn ? "not-yet" : today > closesOn ? "closed" : "open";
  return { state, opensOn, closesOn };
}

/**
 * Why a window set by staff would never let anyone in, or null: it must close by the tournament's day, and open no
 * later than it closes (with no closing day set, the default one).
 */
export function windowProblem(date: string, settings: WindowSettings): string | null {
  if (settings.closesOn && settings.closesOn > date)
    return `Registration must close by the tournament's day, ${monthDay(date)}.`;
  const closesOn = closingDay(date, settings);
  if (settings.opensOn && settings.opensOn > closesOn)
    return settings.closesOn
      ? "Registration cannot close before it opens."
      : `Registration cannot open after it closes: with no closing day set, it closes ${monthDay(closesOn)}.`;
  return null;
}

/** "Registration closes Dec 1" (docs/product.md, "Tournament registration"). */
export function closesLabel(closesOn: string): string {
  return `Registration closes ${monthDay(closesOn)}`;
}

/** The server's refusal for a tournament outside its window. */
export function windowRefusal(title: string, window: RegistrationWindow): string {
  return window.state === "not-yet"
    ? `Registration for ${title} opens ${monthDay(window.opensOn!)}.`
    : `Registration for ${title} closed on ${monthDay(window.closesOn)}.`;
}

/** The refusal for a schedule event that takes no entries on this site (decision 0051). */
export function noEntriesMessage(title: string): string {
  return `${title} does not take entries on this site.`;
}

/** The refusal for an event at its cap. */
export function fullMessage(title: string, event: string): string {
  return `${event} at ${title} is full.`;
}

/** The refusal for an event the tournament does not offer. */
export function notOfferedMessage(title: string, event: string): string {
  return `${event} is not offered at ${title}.`;
}

/** "Dec 1" for "2026-12-01". */
export function monthDay(date: string): string {
  const [, month, day] = dateParts(date);
  return `${MONTHS[month - 1]![0]} ${day}`;
}
