import { isIsoDate, isIsoMonth, monthOf } from "./dates";
import type { CalendarEvent, EventsView, ViewState } from "./types";

export function readViewState(
  params: URLSearchParams,
  options: { defaultView: EventsView; today: string; knownTypes: readonly string[] },
): ViewState {
  const viewParam = params.get("view");
  const view = viewParam === "calendar" || viewParam === "list" ? viewParam : options.defaultView;
  const types = [...new Set(params.getAll("type"))].filter((type) => options.knownTypes.includes(type));
  const dayParam = params.get("day");
  const day = dayParam && isIsoDate(dayParam) ? dayParam : null;
  const monthParam = params.get("month");
  const month = monthParam && isIsoMonth(monthParam) ? monthParam : day ? monthOf(day) : monthOf(options.today);
  return { view, types, month, day };
}

/** The query string for a state; defaults are left out so plain URLs stay plain. */
export function viewStateSearch(state: ViewState, options: { defaultView: EventsView; today: string }): string {
  const params = new URLSearchParams();
  if (state.view !== options.defaultView) params.set("view", state.view);
  for (const type of state.types) params.append("type", type);
  if (state.view === "calendar") {
    if (state.month !== monthOf(options.today)) params.set("month", state.month);
    if (state.day) params.set("day", state.day);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function toggleType(types: readonly string[], type: string): string[] {
  return types.includes(type) ? types.filter((item) => item !== type) : [...types, type];
}

/**
 * Sheet events plus any extra events, only those dated today or later, in
 * ascending date order (docs/product.md#4-states-and-transitions), then by title. Extra events win on equal ids.
 */
export function upcomingEvents(
  events: readonly CalendarEvent[],
  today: string,
  extra: readonly CalendarEvent[] = [],
): CalendarEvent[] {
  const byId = new Map<string, CalendarEvent>();
  for (const event of [...events, ...extra]) byId.set(event.id, event);
  return [...byId.values()]
    .filter((event) => event.date >= today)
    .sort((a, b) => byCodePoint(a.date, b.date) || byCodePoint(a.title, b.title));
}

// Plain string order, the same on the server and in every browser. (localeCompare
// made the browser build a collator while the page started: 18 ms of a phone's
// main thread, for ISO dates and ties between titles.)
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function filterByTypes(events: readonly CalendarEvent[], types: readonly string[]): CalendarEvent[] {
  return types.length === 0 ? [...events] : events.filter((event) => types.includes(event.type));
}

/** Events grouped by their month (YYYY-MM), in the order given. */
export function groupByMonth(events: readonly CalendarEvent[]): [month: string, events: CalendarEvent[]][] {
  const groups = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const month = monthOf(event.date);
    groups.set(month, [...(groups.get(month) ?? []), event]);
  }
  return [...groups.entries()];
}

export function isZoom(location: string | undefined): boolean {
  return location?.trim().toLowerCase() === "zoom";
}
