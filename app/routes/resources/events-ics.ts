import { env } from "~/core/env.server";
import { getDb } from "~/db/context";
import { getEventsSnapshot } from "~/features/events/events.server";
import { buildIcs } from "~/features/events/ics.server";
import type { Route } from "./+types/events-ics";

/**
 * /events.ics: the upcoming events as an iCalendar feed to subscribe to;
 * ?event={id} gives one event as a file to add to a calendar.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = env();
  const snapshot = await getEventsSnapshot(getDb(context));
  // Sample events are not the district's schedule: the feed stays empty.
  const events = snapshot.isSample ? [] : snapshot.events;
  const eventId = new URL(request.url).searchParams.get("event");
  const selected = eventId ? events.filter((event) => event.id === eventId) : events;
  if (eventId && selected.length === 0) {
    throw new Response("No upcoming event with that id.", { status: 404 });
  }
  const body = buildIcs(selected, {
    host: new URL(config.PUBLIC_URL).host,
    siteName: config.SITE_NAME,
    siteUrl: config.PUBLIC_URL,
    meetingUrl: config.MEETING_URL,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": eventId
        ? `attachment; filename="${eventId.replace(/[^\w-]/g, "")}.ics"`
        : 'inline; filename="events.ics"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
