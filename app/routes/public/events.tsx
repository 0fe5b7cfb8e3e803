import { env } from "~/core/env.server";
import { getDb } from "~/db/context";
import { EventsCalendar } from "~/features/events/events-calendar";
import { loadEventsWidget } from "~/features/events/events.server";
import { eventRegistrations } from "~/features/shop/registration/register-links.server";
import { eventsJsonLd, scriptSafeJson } from "~/features/events/json-ld";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, Section } from "~/features/shell/page-header";
import { useSite } from "~/features/shell/use-site";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Event Schedule",
    description: "Every upcoming tournament, camp and qualifier of the district.",
    path: "/events",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Decision 0051: the cards of tournaments this site registers for open its own registration.
  const [widget, registrations] = await Promise.all([
    loadEventsWidget(request, getDb(context)),
    eventRegistrations(getDb(context)),
  ]);
  const events = { ...widget, registrations };
  const config = env();
  // Search engines get real events only, never the samples.
  const jsonLd = events.snapshot.isSample
    ? null
    : scriptSafeJson(
        eventsJsonLd(events.snapshot.events, {
          siteName: config.SITE_NAME,
          siteUrl: config.PUBLIC_URL,
          meetingUrl: config.MEETING_URL,
        }),
      );
  return { events, jsonLd };
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHeader
        eyebrow="Event Schedule"
        title="Tournaments, camps and qualifiers"
        lead="Every upcoming event of the district, straight from our schedule. Pick a category to narrow the list, or switch to the month calendar."
      />
      <Section className="py-8 md:py-12">
        <EventsCalendar data={loaderData.events} meetingUrl={site.meetingUrl} showAll subscribe />
      </Section>
      {loaderData.jsonLd ? (
        // Data, not code: a JSON-LD block is never executed, so it needs no CSP nonce.
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      ) : null}
    </>
  );
}
