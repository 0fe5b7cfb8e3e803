import { CalendarDays, Gavel, Quote } from "lucide-react";
import { Link, type ShouldRevalidateFunction } from "react-router";
import { getDb } from "~/db/context";
import { CONTACT_PARAM, ContactDialog, GetInvolvedButton } from "~/features/contact/get-involved-button";
import { homeContent, missionContent, testimonialsContent } from "~/features/content/content.server";
import { fillSettings } from "~/features/content/settings-text";
import { requirePreviewer } from "~/features/accounts/guards.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { EventsCalendar } from "~/features/events/events-calendar";
import { loadEventsWidget } from "~/features/events/events.server";
import { eventRegistrations } from "~/features/shop/registration/register-links.server";
import { organizationJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/features/shell/meta";
import { publicSiteConfig, type SiteConfig } from "~/features/shell/site-config.server";
import { PreviewBanner, Section } from "~/features/shell/page-header";
import { useSite } from "~/features/shell/use-site";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import { LinkButton } from "~/ui/link-button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const tags = pageMeta(matches, {
    title: (siteName) => `${siteName} | Online speech, debate and model congress`,
    description:
      "An NSDA district for high school students who cannot compete on Friday or Saturday: coaching, online tournaments, summer camps and a path to Nationals.",
    path: "/",
  });
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteConfig } | undefined;
  const site = root?.site;
  return site ? [...tags, { "script:ld+json": organizationJsonLd(site) }] : tags;
};

// Upcoming Events: events feature (the loader serves the cached sheet; it never waits on it).
// Signed-in staff see a draft of the page's texts, the mission or the testimonials at /?preview=home,
// /?preview=mission or /?preview=testimonials (decision 0039).
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePreviewer(request, context);
  const texts = await previewDraft(getDb(context), staff, request, "home");
  const mission = await previewDraft(getDb(context), staff, request, "mission");
  const testimonials = await previewDraft(getDb(context), staff, request, "testimonials");
  return {
    // Decision 0051: the cards of tournaments this site registers for open its own registration.
    events: { ...(await loadEventsWidget(request, getDb(context))), registrations: await eventRegistrations(getDb(context)) },
    texts: fillSettings(texts ?? homeContent(), publicSiteConfig()),
    purpose: (mission ?? missionContent()).purpose,
    vision: (mission ?? missionContent()).vision,
    testimonials: testimonials?.testimonials ?? testimonialsContent(),
    preview: texts || mission || testimonials ? new URL(request.url).searchParams.get("preview") : null,
  };
}

/** Opening or closing the contact dialog (?contact=1) needs nothing new from the server. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlyDialogParamsChanged(args, [CONTACT_PARAM]) ? false : args.defaultShouldRevalidate;

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { hero, purpose, closing } = loaderData.texts;
  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <section className="relative overflow-hidden bg-navy-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-[28rem] rounded-full bg-citron-400/15 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-citron-400/40 bg-citron-400/10 px-3 py-1 text-sm font-semibold text-citron-200">
              {hero.eyebrow}
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{hero.heading}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-navy-100 sm:text-xl">
              {/* The vision is the district's own words from content/mission.yaml (the mission page quotes it too). */}
              {loaderData.vision}
              {` ${hero.lead}`}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <GetInvolvedButton label={hero.getInvolvedLabel} />
              <LinkButton
                to="/events"
                size="lg"
                variant="outline"
                className="border-navy-300/60 bg-transparent text-white hover:bg-white/10"
              >
                <CalendarDays aria-hidden="true" />
                {hero.eventsLabel}
              </LinkButton>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 text-center">
            {hero.facts.map(({ value, label }) => (
              <div key={label} className="rounded-card border border-white/10 bg-white/5 p-5">
                <dt className="sr-only">{label}</dt>
                <dd className="text-2xl font-extrabold text-citron-300 sm:text-3xl">{value}</dd>
                <dd className="mt-1 text-sm text-navy-100">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <Section aria-labelledby="purpose-heading" className="grid gap-8 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <div>
          <p className="text-sm font-bold tracking-[0.12em] text-citron-800 uppercase">{purpose.eyebrow}</p>
          <h2
            id="purpose-heading"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-navy-900 sm:text-4xl"
          >
            {purpose.heading}
          </h2>
        </div>
        <div className="prose-readable grid gap-4 text-lg text-stone-700">
          {loaderData.purpose.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link
              to="/mission"
              className="font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
            >
              {purpose.missionLink}
            </Link>
          </p>
        </div>
      </Section>

      {/* Upcoming Events: events feature */}
      <section aria-labelledby="upcoming-events-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <h2 id="upcoming-events-heading" className="mb-6 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          {loaderData.texts.eventsHeading}
        </h2>
        <EventsCalendar data={loaderData.events} meetingUrl={site.meetingUrl} maxEvents={5} headingLevel={3} />
      </section>

      <Section aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          {loaderData.texts.testimonialsHeading}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.testimonials.map((testimonial) => (
            <li key={testimonial.author}>
              <figure className="flex h-full flex-col rounded-card border border-border bg-card p-6 shadow-xs">
                <Quote className="size-8 text-citron-600" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 leading-relaxed text-stone-700">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-border pt-4">
                  <span className="block font-bold text-navy-900">{testimonial.author}</span>
                  <span className="block text-sm text-muted-foreground">
                    {testimonial.school}, Class of {testimonial.classYear}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="get-involved-heading" className="pt-0 md:pt-0">
        <div className="relative overflow-hidden rounded-card bg-navy-900 px-6 py-12 text-center text-white sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-20 -bottom-24 size-80 rounded-full bg-citron-400/15 blur-3xl"
          />
          <h2 id="get-involved-heading" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {closing.heading}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-navy-100">
            {closing.text}
          </p>
          <div className="relative mt-8 flex flex-wrap justify-center gap-3">
            <GetInvolvedButton label={closing.buttonLabel} />
            {/* Decision 0051: a judge finds the judge form here, not only on a family's receipt. */}
            <LinkButton
              to="/judge"
              size="lg"
              variant="outline"
              className="border-navy-300/60 bg-transparent text-white hover:bg-white/10"
            >
              <Gavel aria-hidden="true" />
              {closing.judgeLabel}
            </LinkButton>
          </div>
        </div>
      </Section>
      <ContactDialog />
    </>
  );
}
