import { Clock, ExternalLink, PlayCircle, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { useHydrated } from "~/ui/use-hydrated";
import { BulletList, ConceptList, GuideSection, ResourceList } from "./guide-blocks";
import type { GuideEventView } from "./schema";
import { guideHref, guideTabs, type GuideTab } from "./slugs";
import { SpeechTable } from "./speech-table";
import { TermText } from "./term-text";

/**
 * The chosen event: heading and the four tabs of docs/product.md. Each tab is a link
 * (?tab=), so tabs work without JavaScript; with it, Radix Tabs give the
 * keyboard pattern and `onTabChange` keeps the address in step.
 */
export function EventDetail({
  event,
  tab,
  onTabChange,
}: {
  event: GuideEventView;
  tab: GuideTab;
  onTabChange: (tab: GuideTab) => void;
}) {
  const hydrated = useHydrated();
  return (
    <article aria-labelledby="guide-event-title" className="min-w-0">
      <header className="grid gap-3 border-b border-border pb-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{event.category}</Badge>
          {event.abbreviation ? <Badge variant="outline">{event.abbreviation}</Badge> : null}
        </div>
        <h2 id="guide-event-title" className="text-3xl font-extrabold tracking-tight text-navy-900 md:text-4xl">
          {event.name}
        </h2>
        <p className="prose-readable text-lg text-stone-700">{event.description}</p>
      </header>

      <Tabs value={tab} onValueChange={(value) => onTabChange(value as GuideTab)} className="mt-6">
        <TabsList aria-label={`${event.name} guide sections`} className="grid grid-cols-2 sm:inline-flex sm:w-fit">
          {guideTabs.map((item) => (
            <TabsTrigger
              key={item.id}
              value={item.id}
              asChild
              className="px-4"
              // Radix's roving tabindex starts once its effects run: the server's HTML (and this part until it
              // hydrates on first use) would have every tab at -1, out of reach of the Tab key. Until then each
              // tab is a plain link in the tab order; after, Radix's roving tabindex and arrow keys take over.
              {...(hydrated ? {} : { tabIndex: 0 })}
            >
              <Link
                to={guideHref(event.id, item.id)}
                replace
                preventScrollReset
                // With JavaScript, Radix has already switched the tab (and the address) on press.
                onClick={(clickEvent) => clickEvent.preventDefault()}
              >
                {item.label}
              </Link>
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="about" className="prose-readable grid gap-8 text-base leading-relaxed">
          <AboutPanel event={event} />
        </TabsContent>
        <TabsContent value="judges" className="prose-readable grid gap-8 leading-relaxed">
          <TermText text={event.judges.content} />
          <GuideSection title="Judging criteria">
            {event.judges.criteria?.length ? <BulletList items={event.judges.criteria} /> : null}
          </GuideSection>
          <GuideSection title="Scoring">
            <TermText text={event.judges.scoring} />
          </GuideSection>
          <GuideSection title="Guidelines for judges">
            {event.judges.guidelines?.length ? <BulletList items={event.judges.guidelines} /> : null}
          </GuideSection>
          <GuideSection title="Resources for judges">
            {event.judges.resources.length ? <ResourceList resources={event.judges.resources} /> : null}
          </GuideSection>
        </TabsContent>
        <TabsContent value="advanced" className="grid gap-8 leading-relaxed">
          <TermText text={event.advanced.content} className="prose-readable" />
          <GuideSection title="Advanced concepts">
            {event.advanced.concepts?.length ? <ConceptList concepts={event.advanced.concepts} /> : null}
          </GuideSection>
          <GuideSection title="Preparation tips">
            <div className="prose-readable">
              {event.advanced.preparation_tips?.length ? <BulletList items={event.advanced.preparation_tips} /> : null}
            </div>
          </GuideSection>
          <GuideSection title="Further reading">
            {event.advanced.resources.length ? <ResourceList resources={event.advanced.resources} /> : null}
          </GuideSection>
        </TabsContent>
        {/* Radix mounts only the open panel, so players load only when Videos is chosen. */}
        <TabsContent value="videos">
          <VideosPanel event={event} />
        </TabsContent>
      </Tabs>
    </article>
  );
}

function AboutPanel({ event }: { event: GuideEventView }) {
  const { about } = event;
  return (
    <>
      <TermText text={about.content} />
      {about.current_topic ? (
        <section className="rounded-card border border-citron-400 bg-citron-100 p-5">
          <h3 className="text-sm font-bold tracking-[0.1em] text-citron-800 uppercase">Current topic</h3>
          <p className="mt-2 font-medium text-navy-900">{about.current_topic}</p>
        </section>
      ) : null}
      <GuideSection title="Example topics">
        {about.topics?.length ? <BulletList items={about.topics} /> : null}
      </GuideSection>
      <GuideSection title="Case structure">
        {about.structure?.length ? <BulletList items={about.structure} /> : null}
      </GuideSection>
      {about.timing ? (
        <GuideSection title="Speech format">
          <TermText text={about.timing.format} />
          {about.timing.prep_time || about.timing.grace_period ? (
            <ul className="flex flex-wrap gap-2">
              {about.timing.prep_time ? <TimingChip label="Prep time" value={about.timing.prep_time} /> : null}
              {about.timing.grace_period ? <TimingChip label="Grace period" value={about.timing.grace_period} /> : null}
            </ul>
          ) : null}
          {about.timing.schedule?.length ? (
            <SpeechTable rows={about.timing.schedule} caption={`${event.name}: order of speeches`} />
          ) : null}
        </GuideSection>
      ) : null}
      <GuideSection title="Points of information">
        {about.points_of_information ? <TermText text={about.points_of_information} /> : null}
      </GuideSection>
      <GuideSection title="Key concepts">
        {about.key_concepts?.length ? <ConceptList concepts={about.key_concepts} /> : null}
      </GuideSection>
      <GuideSection title="Key features">
        {about.key_features?.length ? <BulletList items={about.key_features} /> : null}
      </GuideSection>
      <GuideSection title="Required content">
        {about.required_content?.length ? <BulletList items={about.required_content} /> : null}
      </GuideSection>
      <GuideSection title="Performance tips">
        {about.performance_tips?.length ? <BulletList items={about.performance_tips} /> : null}
      </GuideSection>
      <GuideSection title="Skills you develop">
        {about.skills_developed?.length ? <BulletList items={about.skills_developed} /> : null}
      </GuideSection>
      {about.procedures?.length ? (
        <GuideSection title="Parliamentary procedure help">
          <dl className="grid gap-4">
            {about.procedures.map((procedure) => (
              <div key={procedure.title} className="rounded-xl border-l-4 border-navy-700 bg-navy-50 px-4 py-3">
                <dt className="font-semibold text-navy-900">{procedure.title}</dt>
                <dd className="mt-1 text-stone-700">{procedure.content}</dd>
              </div>
            ))}
          </dl>
        </GuideSection>
      ) : null}
      {event.coaches.length ? (
        <section className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card border border-border bg-card p-4">
          <h3 className="inline-flex items-center gap-2 font-bold text-navy-900">
            <Users className="size-4" aria-hidden="true" />
            Coaches for this event
          </h3>
          <ul className="flex flex-wrap gap-2">
            {event.coaches.map((coach) => (
              <li key={coach}>
                <Link
                  to="/about"
                  className="inline-flex min-h-8 items-center rounded-full border border-navy-200 px-3 text-sm font-semibold text-navy-800 hover:bg-navy-50"
                >
                  {coach}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function TimingChip({ label, value }: { label: string; value: string }) {
  return (
    <li className="inline-flex items-center gap-2 rounded-full bg-navy-50 px-3 py-1.5 text-sm text-navy-900">
      <Clock className="size-4 text-navy-600" aria-hidden="true" />
      <span className="font-semibold">{label}:</span> {value}
    </li>
  );
}

function VideosPanel({ event }: { event: GuideEventView }) {
  if (!event.videos.length) {
    return (
      <div className="grid justify-items-start gap-3 rounded-card border border-dashed border-sand-300 bg-card p-8">
        <PlayCircle className="size-8 text-navy-300" aria-hidden="true" />
        <p className="font-semibold text-navy-900">No videos available for this event yet.</p>
        <p className="text-stone-700">
          Our coaches share recordings of practice rounds and final rounds with students.{" "}
          <Link to="/contact" className="font-semibold text-navy-700 underline underline-offset-4">
            Contact us
          </Link>{" "}
          to ask for one.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 xl:grid-cols-2">
      {event.videos.map((video) => (
        <li key={video.url}>
          {video.embedUrl ? (
            <figure className="grid gap-2">
              <div className="aspect-video overflow-hidden rounded-card border border-border bg-navy-950">
                <iframe
                  src={video.embedUrl}
                  title={video.title}
                  loading="lazy"
                  className="size-full"
                  allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                  referrerPolicy="strict-origin-when-cross-origin"
                  // The players are cross-origin, so allow-same-origin gives them their own origin, not ours.
                  // oxlint-disable-next-line react/iframe-missing-sandbox
                  sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
                />
              </div>
              <figcaption className="text-sm font-semibold text-navy-900">{video.title}</figcaption>
            </figure>
          ) : (
            // A page, not a player: a placeholder until the district adds its own recording.
            <a
              href={video.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="video-link"
              className="flex min-h-24 items-center gap-4 rounded-card border border-border bg-card p-5 font-semibold text-navy-800 shadow-xs hover:bg-muted"
            >
              <PlayCircle className="size-8 shrink-0 text-navy-400" aria-hidden="true" />
              <span className="grid gap-1">
                <span className="underline underline-offset-4">{video.title}</span>
                <span className="text-sm font-normal text-stone-700">
                  Opens {new URL(video.url).hostname.replace(/^www\./, "")} in a new tab
                </span>
              </span>
              <ExternalLink className="ml-auto size-4 shrink-0" aria-hidden="true" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
