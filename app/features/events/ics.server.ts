import { DISTRICT_TIME_ZONE } from "~/core/time-zone";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { addDays, dateParts } from "./dates";
import type { CalendarEvent } from "./types";
import { isZoom } from "./view-state";

/** "4:00 PM", "10 AM", "7:30pm" at the start of a time cell, as 24-hour clock. */
const CLOCK = /(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?/gi;

/**
 * Reads the start (and end) clock time from the sheet's free-text time cell,
 * e.g. "4:00 PM - 8:30 PM". Null when it names no clock time ("All day").
 */
export function parseClockRange(time: string | undefined): { start: [number, number]; end?: [number, number] } | null {
  if (!time) return null;
  const found = [...time.matchAll(CLOCK)].map((match) => {
    const hour = (Number(match[1]) % 12) + (match[3]?.toLowerCase() === "p" ? 12 : 0);
    return [hour, Number(match[2] ?? 0)] as [number, number];
  });
  const [start, end] = found;
  if (!start || start[0] > 23 || start[1] > 59) return null;
  return end ? { start, end } : { start };
}

/** The UTC instant of a wall-clock time in America/New_York. */
export function newYorkToUtc(date: string, [hour, minute]: [number, number]): Date {
  const [y, m, d] = dateParts(date);
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  // The offset of New York at that moment (-4 h or -5 h), read back from Intl.
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: DISTRICT_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asNewYork = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(guess + (guess - asNewYork));
}

function dateArray(date: string): DateArray {
  return dateParts(date);
}

function utcArray(instant: Date): DateArray {
  return [
    instant.getUTCFullYear(),
    instant.getUTCMonth() + 1,
    instant.getUTCDate(),
    instant.getUTCHours(),
    instant.getUTCMinutes(),
  ];
}

/**
 * An RFC 5545 calendar of the events. UIDs are `{id}@{host}`, stable across
 * fetches as long as the sheet's rows stay put. Timed events are written in
 * UTC (converted from New York time); all-day events use plain dates.
 */
export function buildIcs(
  events: readonly CalendarEvent[],
  options: { host: string; siteName: string; siteUrl: string; meetingUrl: string },
): string {
  const items: EventAttributes[] = events.map((event) => {
    const clock = parseClockRange(event.time);
    const location = isZoom(event.location) ? `Zoom: ${options.meetingUrl}` : event.location;
    const description = [
      event.description,
      event.time ? `Time: ${event.time}` : undefined,
      event.registrationLink ? `Register: ${event.registrationLink}` : undefined,
    ]
      .filter(Boolean)
      .join("\n");
    const common = {
      uid: `${event.id}@${options.host}`,
      title: event.title,
      ...(description ? { description } : {}),
      ...(location ? { location } : {}),
      url: event.registrationLink ?? `${options.siteUrl}/events`,
      categories: [event.legendCategory],
      status: "CONFIRMED" as const,
    };
    if (clock && !event.endDate) {
      const start = newYorkToUtc(event.date, clock.start);
      const end = clock.end ? newYorkToUtc(event.date, clock.end) : new Date(start.getTime() + 60 * 60 * 1000);
      return {
        ...common,
        start: utcArray(start),
        startInputType: "utc",
        startOutputType: "utc",
        end: utcArray(end > start ? end : new Date(start.getTime() + 60 * 60 * 1000)),
        endInputType: "utc",
        endOutputType: "utc",
      };
    }
    // All-day: DTEND is the day after the last day (RFC 5545, exclusive end).
    return { ...common, start: dateArray(event.date), end: dateArray(addDays(event.endDate ?? event.date, 1)) };
  });
  const { error, value } = createEvents(items, {
    productId: `-//${options.siteName}//Events Calendar//EN`,
    method: "PUBLISH",
    calName: `${options.siteName} Events`,
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar");
  return value;
}
