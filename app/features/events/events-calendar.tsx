import { CalendarDays, List, Loader2, RefreshCw, Rss } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import { showToast } from "~/ui/toast";
import { CalendarMonth } from "./calendar-month";
import { formatLongDate, formatMonth } from "./dates";
import { EventCard, EventRegistrations } from "./event-card";
import { typeDotClass } from "./event-types";
import { ToggleControl } from "./toggle-control";
import { refreshNotice } from "./notices";
import type { CalendarEvent, EventsView, EventsWidgetData, ViewState } from "./types";
import { useHydrated } from "~/ui/use-hydrated";
import { Notice } from "~/ui/notice";
import { filterByTypes, groupByMonth, toggleType, upcomingEvents, viewStateSearch } from "./view-state";

export type RefreshResult = { ok: boolean; rateLimited: boolean };

const ANCHOR = "events-calendar";
const NO_REGISTRATIONS = {};

/**
 * docs/product.md's Events Calendar widget. The server renders it in full from the
 * URL's state; with JavaScript, view, filter, month and day change at once
 * and the URL follows along.
 */
export function EventsCalendar({
  data,
  meetingUrl,
  extraEvents = [],
  maxEvents,
  defaultView = "list",
  showAll = false,
  subscribe = false,
  headingLevel = 2,
}: {
  data: EventsWidgetData;
  meetingUrl: string;
  extraEvents?: CalendarEvent[];
  maxEvents?: number;
  defaultView?: EventsView;
  showAll?: boolean;
  subscribe?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { snapshot, today, path } = data;
  const [state, setState] = useState<ViewState>(data.viewState);
  // A navigation (a link to /events, Back) brings a new URL state; a
  // revalidation after Refresh does not, and must not undo the visitor's choices.
  const locationKey = useLocation().key;
  const [seenKey, setSeenKey] = useState(locationKey);
  if (locationKey !== seenKey) {
    setSeenKey(locationKey);
    setState(data.viewState);
  }
  const fetcher = useFetcher<RefreshResult>();
  const refreshing = fetcher.state !== "idle";
  useRefreshToast(fetcher.data, fetcher.state);
  useRevalidateWhileLoading(snapshot.status === "loading");

  // Keep the address bar in step without a round trip to the server.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const search = viewStateSearch(state, { defaultView, today });
    window.history.replaceState(window.history.state, "", `${path}${search}${window.location.hash}`);
  }, [state, defaultView, today, path]);

  const hrefFor = (change: Partial<ViewState>) =>
    `${path}${viewStateSearch({ ...state, ...change }, { defaultView, today })}#${ANCHOR}`;

  const upcoming = upcomingEvents(snapshot.events, today, extraEvents);
  const filtered = filterByTypes(upcoming, state.types);
  const limited = maxEvents && !showAll ? filtered.slice(0, maxEvents) : filtered;
  const filterActive = state.types.length > 0;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Month and day headings sit one level below the widget's title, cards two.
  const levels = headingLevel === 2 ? ({ sub: "h3", card: 4 } as const) : ({ sub: "h4", card: 5 } as const);
  const loading = snapshot.status === "loading" || refreshing;
  const legend = Object.entries(snapshot.legend).filter(
    ([type]) => type !== "other" || upcoming.some((event) => event.type === "other"),
  );

  return (
    <EventRegistrations.Provider value={data.registrations ?? NO_REGISTRATIONS}>
      <section
        id={ANCHOR}
        aria-labelledby={`${ANCHOR}-title`}
        className="grid scroll-mt-24 gap-5 rounded-card border border-border bg-card p-4 shadow-xs sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Heading id={`${ANCHOR}-title`} className="text-2xl font-extrabold tracking-tight text-navy-900">
              Events Calendar
            </Heading>
            <p
              aria-live="polite"
              className="text-sm font-semibold text-stone-600"
              data-testid="events-status"
              // Still loading: the page asks again until the sheet is in, so its scripts start at once (decision 0021).
              data-scripts-now={snapshot.status === "loading" ? "" : undefined}
            >
              {loading ? (
                "(Loading...)"
              ) : snapshot.status === "error" ? (
                <span className="text-destructive">(Error loading sheet)</span>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <fetcher.Form method="post" action="/events/refresh">
              <input
                type="hidden"
                name="redirectTo"
                value={`${path}${viewStateSearch(state, { defaultView, today })}`}
              />
              <SentByFetch />
              <Button type="submit" variant="outline" disabled={refreshing} className="px-3 sm:px-4">
                <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin motion-reduce:animate-none")} />
                Refresh
              </Button>
            </fetcher.Form>
            <div className="flex gap-2" role="group" aria-label="View">
              <ToggleControl
                href={hrefFor({ view: "calendar" })}
                pressed={state.view === "calendar"}
                onToggle={() => setState((current) => ({ ...current, view: "calendar" }))}
                className={viewButtonClass(state.view === "calendar")}
              >
                <CalendarDays aria-hidden="true" className="size-4" />
                Calendar
              </ToggleControl>
              <ToggleControl
                href={hrefFor({ view: "list" })}
                pressed={state.view === "list"}
                onToggle={() => setState((current) => ({ ...current, view: "list" }))}
                className={viewButtonClass(state.view === "list")}
              >
                <List aria-hidden="true" className="size-4" />
                List
              </ToggleControl>
            </div>
          </div>
        </div>

        <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2" data-testid="legend">
          {legend.map(([type, label]) => {
            const selected = state.types.includes(type);
            return (
              <ToggleControl
                key={type}
                href={hrefFor({ types: toggleType(state.types, type) })}
                pressed={selected}
                onToggle={() => setState((current) => ({ ...current, types: toggleType(current.types, type) }))}
                className={cn(
                  "inline-flex min-h-9 items-center gap-2 rounded-full border px-3 text-sm font-semibold transition-colors",
                  selected
                    ? "border-navy-800 bg-navy-800 text-white"
                    : filterActive
                      ? "border-sand-200 bg-sand-50 text-stone-600 hover:border-sand-300"
                      : "border-input bg-card text-navy-900 hover:bg-muted",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn("size-2.5 rounded-full", typeDotClass(type), filterActive && !selected && "opacity-40")}
                />
                {label}
              </ToggleControl>
            );
          })}
        </div>

        {snapshot.status === "error" ? (
          <Notice tone="error" title="Unable to load events from the spreadsheet service. Using sample data." />
        ) : null}

        {filterActive || (maxEvents && !showAll && filtered.length > maxEvents) ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-700">
            {filterActive ? (
              <>
                <p data-testid="filter-count">Showing {filtered.length} filtered events</p>
                <ToggleControl
                  href={hrefFor({ types: [] })}
                  onToggle={() => setState((current) => ({ ...current, types: [] }))}
                  className="inline-flex min-h-9 items-center font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
                >
                  Clear Filter
                </ToggleControl>
              </>
            ) : null}
            {maxEvents && !showAll && filtered.length > maxEvents ? (
              <>
                <p data-testid="max-count">
                  Showing {limited.length} of {filtered.length} upcoming events
                </p>
                <LinkButton to="/events" variant="accent" size="sm">
                  View All Events
                </LinkButton>
              </>
            ) : null}
          </div>
        ) : null}

        {snapshot.status === "loading" ? (
          <LoadingList path={path} />
        ) : state.view === "list" ? (
          <EventList
            events={limited}
            meetingUrl={meetingUrl}
            scroll={Boolean(maxEvents)}
            calendarLinks={!snapshot.isSample}
            levels={levels}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_1fr] lg:items-start">
            <CalendarMonth
              month={state.month}
              selectedDay={state.day}
              today={today}
              events={filtered}
              hrefFor={hrefFor}
              onMonth={(month) => setState((current) => ({ ...current, month, day: null }))}
              onDay={(day) => setState((current) => ({ ...current, day }))}
              headingTag={levels.sub}
            />
            <DayEvents
              day={state.day}
              events={filtered.filter((event) => event.date === state.day)}
              meetingUrl={meetingUrl}
              calendarLinks={!snapshot.isSample}
              levels={levels}
            />
          </div>
        )}

        {subscribe && !snapshot.isSample ? (
          <p className="flex flex-wrap items-center gap-2 border-t border-border pt-4 text-sm text-stone-700">
            <Rss aria-hidden="true" className="size-4 text-navy-600" />
            Keep the schedule in your own calendar:
            <a
              href="/events.ics"
              className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
            >
              Subscribe to the calendar (iCal)
            </a>
          </p>
        ) : null}
      </section>
    </EventRegistrations.Provider>
  );
}

type HeadingLevels = { sub: "h3" | "h4"; card: 4 | 5 };

function viewButtonClass(active: boolean) {
  return cn(
    "inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors sm:px-4",
    active
      ? "border-navy-800 bg-navy-800 text-white hover:bg-navy-700"
      : "border-input bg-card text-navy-900 hover:bg-muted",
  );
}

function EventList({
  events,
  meetingUrl,
  scroll,
  calendarLinks,
  levels,
}: {
  events: CalendarEvent[];
  meetingUrl: string;
  scroll: boolean;
  calendarLinks: boolean;
  levels: HeadingLevels;
}) {
  const MonthHeading = levels.sub;
  if (events.length === 0) {
    return <p className="rounded-lg bg-muted px-4 py-8 text-center text-stone-700">No upcoming events scheduled</p>;
  }
  return (
    // docs/product.md#9-constants-and-limits: with a maximum set the list scrolls inside about 24rem.
    <div
      className={cn("grid gap-6", scroll && "max-h-96 overflow-y-auto overscroll-contain pr-1")}
      {...(scroll ? { tabIndex: 0, role: "region", "aria-label": "Upcoming events, scrollable list" } : {})}
      data-testid="event-list"
    >
      {groupByMonth(events).map(([month, monthEvents]) => (
        <section key={month} aria-labelledby={`events-month-${month}`} className="grid gap-3">
          <MonthHeading
            id={`events-month-${month}`}
            className="text-sm font-bold tracking-[0.08em] text-citron-800 uppercase"
          >
            {formatMonth(month)}
          </MonthHeading>
          <ul className="grid gap-3">
            {monthEvents.map((event) => (
              <li key={event.id}>
                <EventCard
                  event={event}
                  meetingUrl={meetingUrl}
                  calendarLinks={calendarLinks}
                  headingLevel={levels.card}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DayEvents({
  day,
  events,
  meetingUrl,
  calendarLinks,
  levels,
}: {
  day: string | null;
  events: CalendarEvent[];
  meetingUrl: string;
  calendarLinks: boolean;
  levels: HeadingLevels;
}) {
  const DayHeading = levels.sub;
  if (!day) {
    return <p className="rounded-lg bg-muted px-4 py-8 text-center text-stone-700">Select a date to view events.</p>;
  }
  return (
    <div className="grid gap-3" data-testid="day-events">
      <DayHeading className="text-lg font-bold text-navy-900">Events for {formatLongDate(day)}</DayHeading>
      {events.length === 0 ? (
        <p className="rounded-lg bg-muted px-4 py-6 text-center text-stone-700">No events scheduled for this date.</p>
      ) : (
        <ul className="grid gap-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard
                event={event}
                meetingUrl={meetingUrl}
                calendarLinks={calendarLinks}
                headingLevel={levels.card}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LoadingList({ path }: { path: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        Loading the schedule from the spreadsheet service.{" "}
        <a href={`${path}#${ANCHOR}`} className="font-semibold text-navy-700 underline underline-offset-4">
          Reload
        </a>
      </p>
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

/** "Events Refreshed" once per finished Refresh (docs/product.md#4-states-and-transitions); inside the cooldown, "already up to date". */
function useRefreshToast(data: RefreshResult | undefined, state: string) {
  const shown = useRef<RefreshResult | undefined>(undefined);
  useEffect(() => {
    if (state !== "idle" || !data || shown.current === data) return;
    shown.current = data;
    showToast(refreshNotice(data));
  }, [data, state]);
}

/** While the very first fetch of the sheet runs, ask the server again every second or so. */
/**
 * Tells the refresh action the form came from JavaScript (it answers with data,
 * not a redirect). A component of its own so that only it renders again once
 * the page is hydrated, not the whole calendar in one long task.
 */
function SentByFetch() {
  return useHydrated() ? <input type="hidden" name="client" value="fetch" /> : null;
}

// An effect, so it runs only in the browser, after hydration.
function useRevalidateWhileLoading(active: boolean) {
  const revalidator = useRevalidator();
  const attempts = useRef(0);
  useEffect(() => {
    if (!active || revalidator.state !== "idle" || attempts.current >= 15) return;
    const timer = setTimeout(() => {
      attempts.current += 1;
      void revalidator.revalidate();
    }, 1000);
    return () => clearTimeout(timer);
  }, [active, revalidator]);
}
