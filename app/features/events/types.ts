import type { CalendarEvent, EventType, Legend, QualifierType } from "~/db/calendar-event";

// The stored shape of an event (the schema's last good copy of the sheet holds it) lives beside the schema.
export type { CalendarEvent, EventType, Legend, QualifierType };

/** One event offered in the shop's registration dialogs (docs/product.md#3-entities-and-their-fields). */
export type ScheduleEvent = Pick<CalendarEvent, "id" | "title" | "date" | "description" | "type">;

/**
 * What a page gets from the events service:
 * - ready: a good copy of the sheet (possibly stale while a refresh runs);
 * - loading: nothing fetched yet and the first fetch is still running;
 * - error: no good copy was ever fetched and the last fetch failed.
 */
export type EventsStatus = "ready" | "loading" | "error";

export type EventsSnapshot = {
  status: EventsStatus;
  events: CalendarEvent[];
  legend: Legend;
  /** True when the events are the built-in samples, not the district's sheet. */
  isSample: boolean;
  /** When the copy being served was fetched (ISO), if any. */
  fetchedAt: string | null;
};

/**
 * This site's registration for a schedule event that takes entries here (decision 0051): its card's Register opens
 * `href` (/fees with that tournament's registration open) and says the last day.
 */
export type EventRegistration = {
  href: string;
  /** "Registration closes Dec 1" */
  closes: string;
};

/** What a page's loader hands the Events Calendar widget (loadEventsWidget). */
export type EventsWidgetData = {
  snapshot: EventsSnapshot;
  /** The events this site registers for now, by event id (added by the page's loader; decision 0051). */
  registrations?: Record<string, EventRegistration>;
  viewState: ViewState;
  today: string;
  /** The page's path, for links that change the widget's state. */
  path: string;
};

export type EventsView = "list" | "calendar";

/**
 * The widget's state as the URL carries it, so a filtered calendar can be
 * linked and everything works without JavaScript:
 * ?view=calendar&type=speech&type=wsd&month=2026-10&day=2026-10-04
 */
export type ViewState = {
  view: EventsView;
  types: string[];
  /** The month the calendar shows (YYYY-MM). */
  month: string;
  /** The selected day (YYYY-MM-DD), if any. */
  day: string | null;
};
