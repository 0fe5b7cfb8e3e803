import { CalendarPlus, ClipboardPen, Clock, ExternalLink, MapPin, Video } from "lucide-react";
import { createContext, useContext } from "react";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import { formatShortDate, MONTHS, WEEKDAYS } from "./dates";
import { typeDotClass } from "./event-types";
import type { CalendarEvent, EventRegistration } from "./types";
import { isZoom } from "./view-state";

/** The events this site registers for, by id (EventsWidgetData.registrations), for every card of a widget. */
export const EventRegistrations = createContext<Readonly<Record<string, EventRegistration>>>({});

const LINK_CLASS =
  "inline-flex min-h-11 items-center gap-1.5 font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900";

/**
 * One event: title, date, time, location (Zoom as a link), description, links. An event this site registers for
 * (decision 0051) says "Register" for this site's form, with its last day; the sheet's outside link stays beside it
 * as a secondary link.
 */
export function EventCard({
  event,
  meetingUrl,
  headingLevel = 4,
  calendarLinks = true,
}: {
  event: CalendarEvent;
  meetingUrl: string;
  headingLevel?: 4 | 5;
  /** Sample events have no entry in the calendar feed. */
  calendarLinks?: boolean;
}) {
  const registration = useContext(EventRegistrations)[event.id];
  const Heading = headingLevel === 4 ? "h4" : "h5";
  const dateText = event.endDate
    ? `${formatShortDate(event.date)} – ${formatShortDate(event.endDate)}`
    : formatShortDate(event.date);
  return (
    <article
      id={event.id}
      data-testid="event-card"
      className="grid gap-2 rounded-xl border border-border bg-card p-4 shadow-xs sm:grid-cols-[5.5rem_1fr] sm:gap-4"
    >
      <DateBadge date={event.date} />
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <span aria-hidden="true" className={cn("size-2 rounded-full", typeDotClass(event.type))} />
            {event.legendCategory}
          </span>
        </div>
        <Heading className="text-base leading-snug font-bold text-navy-900 sm:text-lg">{event.title}</Heading>
        <dl className="grid gap-1 text-sm text-stone-700">
          <div className="flex items-start gap-2">
            <dt className="sr-only">Date</dt>
            <dd>
              <time dateTime={event.date}>{dateText}</time>
            </dd>
          </div>
          {event.time ? (
            <div className="flex items-start gap-2">
              <dt>
                <Clock aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
                <span className="sr-only">Time</span>
              </dt>
              <dd>{event.time}</dd>
            </div>
          ) : null}
          {event.location ? (
            <div className="flex items-start gap-2">
              <dt>
                {isZoom(event.location) ? (
                  <Video aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
                ) : (
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
                )}
                <span className="sr-only">Location</span>
              </dt>
              <dd className="min-w-0 break-words">
                {isZoom(event.location) ? (
                  <a
                    href={meetingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
                  >
                    {event.location}
                    <span className="sr-only"> (video meeting, opens in a new tab)</span>
                  </a>
                ) : (
                  event.location
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        {event.description ? (
          <p className="text-sm leading-relaxed whitespace-pre-line text-stone-700">{event.description}</p>
        ) : null}
        {registration ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1">
            <LinkButton to={registration.href} variant="accent" aria-label={`Register for ${event.title}`}>
              <ClipboardPen aria-hidden="true" />
              Register
            </LinkButton>
            <span className="text-sm text-stone-700">{registration.closes}</span>
          </div>
        ) : null}
        {event.registrationLink || calendarLinks ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm">
            {event.registrationLink ? (
              <a
                href={event.registrationLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={
                  registration
                    ? `Host's site: ${event.title} (opens in a new tab)`
                    : `Register for ${event.title} (opens in a new tab)`
                }
                className={LINK_CLASS}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {registration ? "Host's site" : "Register"}
              </a>
            ) : null}
            {calendarLinks ? (
              <a
                href={`/events.ics?event=${encodeURIComponent(event.id)}`}
                aria-label={`Add to calendar: ${event.title}`}
                className={LINK_CLASS}
              >
                <CalendarPlus aria-hidden="true" className="size-4" />
                Add to calendar
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

function DateBadge({ date }: { date: string }) {
  const instant = new Date(`${date}T00:00:00Z`);
  return (
    <div
      aria-hidden="true"
      className="hidden h-fit flex-col items-center rounded-lg border border-navy-100 bg-navy-50 py-2 text-navy-900 sm:flex"
    >
      <span className="text-xs font-bold tracking-wide text-navy-600 uppercase">
        {MONTHS[instant.getUTCMonth()]?.[0]}
      </span>
      <span className="text-2xl leading-none font-extrabold tabular-nums">{instant.getUTCDate()}</span>
      <span className="text-xs text-stone-600">{WEEKDAYS[instant.getUTCDay()]?.[0]}</span>
    </div>
  );
}
