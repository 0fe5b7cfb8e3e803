/**
 * An event of the district's schedule, built from one row of the published
 * sheet (docs/product.md#3-entities-and-their-fields). `date` is a calendar date (YYYY-MM-DD) in
 * America/New_York; the sheet has no time zone and times stay free text.
 */
export type CalendarEvent = {
  id: string;
  title: string;
  date: string;
  /** Last day of a range such as "June 14 - June 19"; the start is `date`. */
  endDate?: string;
  description?: string;
  location?: string;
  time?: string;
  type: EventType;
  legendCategory: string;
  registrationLink?: string;
};

/** `${shortName.toLowerCase()}-quals` is the qualifier type (docs/product.md#identity). */
export type QualifierType = `${string}-quals`;

export type EventType =
  | QualifierType
  | "speech"
  | "wsd"
  | "hybrid-tournament"
  | "debate"
  | "congress"
  | "yeshiva-league"
  | "other";

/** Type to display label, in the order the sheet's legend lists them. */
export type Legend = Record<string, string>;

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

/** What a page's loader hands the Events Calendar widget (loadEventsWidget). */
export type EventsWidgetData = {
  snapshot: EventsSnapshot;
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
