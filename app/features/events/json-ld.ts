import type { CalendarEvent } from "./types";
import { isZoom } from "./view-state";

/** schema.org Event markup for each upcoming event (search engines' event listings). */
export function eventsJsonLd(
  events: readonly CalendarEvent[],
  options: { siteName: string; siteUrl: string; meetingUrl: string },
) {
  return {
    "@context": "https://schema.org",
    "@graph": events.map((event) => {
      const online = isZoom(event.location);
      return {
        "@type": "Event",
        "@id": `${options.siteUrl}/events#${event.id}`,
        name: event.title,
        startDate: event.date,
        endDate: event.endDate ?? event.date,
        ...(event.description ? { description: event.description } : {}),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: online
          ? "https://schema.org/OnlineEventAttendanceMode"
          : "https://schema.org/MixedEventAttendanceMode",
        location: online
          ? { "@type": "VirtualLocation", url: options.meetingUrl }
          : { "@type": "Place", name: event.location ?? "To be announced" },
        organizer: { "@type": "Organization", name: options.siteName, url: options.siteUrl },
        ...(event.registrationLink ? { url: event.registrationLink } : { url: `${options.siteUrl}/events` }),
      };
    }),
  };
}

/** JSON safe inside a <script> element: no "<" can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
