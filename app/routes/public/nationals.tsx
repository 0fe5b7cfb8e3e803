import { Trophy } from "lucide-react";
import { nationalsContent } from "~/features/content/content.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { markdownForPage } from "~/features/content/markdown.server";
import { QualifierCard, type ShownQualifier } from "~/features/nationals/qualifier-card";
import { ScrollToTeamLink } from "~/features/nationals/scroll-to-team-link";
import { pageMeta } from "~/features/shell/meta";
import { PreviewBanner, Section } from "~/features/shell/page-header";
import type { Route } from "./+types/nationals";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "2025 Nationals Team",
    description: (siteName) =>
      `Meet the 21 students who qualified for the 2025 National Speech & Debate Tournament through the ${siteName}, and learn about the tournament founded in 1931.`,
    path: "/2025-nationals-team",
  });

/** The live section, or to signed-in staff at ?preview=nationals, its draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await previewDraft(request, context, "nationals");
  const nationals = draft ?? nationalsContent();
  // Bios are staff Markdown, as on /about (decision 0039).
  const qualifiers: ShownQualifier[] = nationals.qualifiers.map((qualifier) => {
    const bio = markdownForPage(qualifier.bio);
    return { ...qualifier, bio: bio.text, bioHtml: bio.html };
  });
  return { ...nationals, qualifiers, preview: draft ? "nationals" : null };
}

export default function NationalsPage({ loaderData }: Route.ComponentProps) {
  const { year, intro, tournament, supporter, qualifiers } = loaderData;
  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <section className="relative overflow-hidden bg-navy-900 text-white" aria-labelledby="nationals-title">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-24 size-[26rem] rounded-full bg-citron-400/15 blur-3xl"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
          <p className="mb-3 inline-flex items-center gap-2 text-sm font-bold tracking-[0.12em] text-citron-300 uppercase">
            <Trophy className="size-4" aria-hidden="true" />
            {year} National Qualifiers
          </p>
          <h1 id="nationals-title" className="text-5xl font-extrabold tracking-tight md:text-6xl">
            Nationals
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-navy-100">
            Our district's team at the {year} National Speech &amp; Debate Tournament.
          </p>
        </div>
      </section>

      <Section aria-labelledby="tournament-heading" className="grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <h2 id="tournament-heading" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
            {tournament.heading}
          </h2>
          <div className="prose-readable mt-4 grid gap-4 text-stone-700">
            {tournament.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-3 self-start text-center">
          {[
            ["1931", "Founded"],
            ["6,000+", "Students each summer"],
            [String(qualifiers.length), "Citron qualifiers"],
          ].map(([value, label]) => (
            <div key={label} className="rounded-card border border-border bg-card p-4">
              <dt className="sr-only">{label}</dt>
              <dd className="text-2xl font-extrabold text-navy-900 sm:text-3xl">{value}</dd>
              <dd aria-hidden="true" className="mt-1 text-xs font-medium text-muted-foreground sm:text-sm">
                {label}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section aria-labelledby="intro-heading" className="pt-0 md:pt-0">
        <div className="grid gap-6 rounded-card border border-border bg-sand-100 p-6 md:grid-cols-[1fr_auto] md:items-center md:p-10">
          <div>
            <h2 id="intro-heading" className="text-2xl font-bold tracking-tight text-navy-900">
              Our {year} team
            </h2>
            <p className="prose-readable mt-3 text-stone-700">{intro}</p>
          </div>
          <ScrollToTeamLink targetId="team">Meet the Team</ScrollToTeamLink>
        </div>
      </Section>

      <Section aria-labelledby="supporters-heading" className="pt-0 md:pt-0">
        <h2 id="supporters-heading" className="text-2xl font-bold tracking-tight text-navy-900">
          Our Supporters
        </h2>
        <div className="mt-6 grid gap-6 rounded-card border border-border bg-card p-6 md:grid-cols-[auto_1fr] md:items-center">
          <a
            href={supporter.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit rounded-xl border border-border p-1 hover:border-navy-300"
          >
            <img
              src={supporter.logo}
              alt={`${supporter.name} (opens in a new tab)`}
              width={340}
              height={96}
              loading="lazy"
              className="h-auto w-[17rem] max-w-full"
            />
          </a>
          <p className="prose-readable text-stone-700">{supporter.thanks}</p>
        </div>
      </Section>

      <section
        id="team"
        tabIndex={-1}
        aria-labelledby="team-heading"
        className="mx-auto max-w-7xl px-4 pb-12 focus:outline-none sm:px-6 md:pb-16"
      >
        <h2 id="team-heading" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          The {year} Nationals Team
        </h2>
        <p className="mt-2 text-muted-foreground">
          {qualifiers.length} students across {new Set(qualifiers.map((q) => q.event)).size} events.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {qualifiers.map((qualifier) => (
            <li key={`${qualifier.name}-${qualifier.event}`}>
              <QualifierCard qualifier={qualifier} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
