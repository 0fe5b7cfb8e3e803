import { Check, Info, Lightbulb, Video, X } from "lucide-react";
import { dressCodeContent } from "~/features/content/content.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, PreviewBanner, Section } from "~/features/shell/page-header";
import type { Route } from "./+types/dress-code";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Dress Code",
    description:
      "What to wear for online speech and debate rounds: business casual, what not to wear, attire by category, and how to set up your camera, room and lighting.",
    path: "/dress-code",
  });

/** The live section, or to signed-in staff at ?preview=dress-code, its draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await previewDraft(request, context, "dress-code");
  return { ...(draft ?? dressCodeContent()), preview: draft ? "dress-code" : null };
}

const headingClasses = "flex items-center gap-2 text-xl font-bold tracking-tight text-navy-900 sm:text-2xl";

export default function DressCodePage({ loaderData }: Route.ComponentProps) {
  const { summary, doWear, doNotWear, videoCall, attire, reminders } = loaderData;
  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <PageHeader eyebrow="Competitors" title="Dress Code" lead={summary} />

      <Section aria-label="What to wear" className="grid gap-6 md:grid-cols-2">
        <div className="rounded-card border border-success/30 bg-success-soft/50 p-6">
          <h2 className={headingClasses}>
            <Check className="size-6 text-success" aria-hidden="true" />
            Do wear
          </h2>
          <ul className="mt-4 grid gap-3">
            {doWear.map((item) => (
              <li key={item} className="flex gap-3 leading-relaxed">
                <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-card border border-destructive/25 bg-danger-soft/50 p-6">
          <h2 className={headingClasses}>
            <X className="size-6 text-destructive" aria-hidden="true" />
            Do not wear
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            {doNotWear.map((item) => (
              <li key={item} className="flex gap-3 leading-relaxed">
                <X className="mt-1 size-4 shrink-0 text-destructive" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section aria-labelledby="attire-heading" className="pt-0 md:pt-0">
        <h2 id="attire-heading" className={headingClasses}>
          Attire by category
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {attire.map((group) => (
            <div key={group.category} className="rounded-card border border-border bg-card p-6 shadow-xs">
              <h3 className="text-lg font-bold">{group.category}</h3>
              {group.note ? <p className="mt-1 text-sm text-muted-foreground">{group.note}</p> : null}
              <ul className="mt-4 grid gap-2">
                {group.items.map((item) => (
                  <li key={item} className="flex gap-3 leading-relaxed">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-citron-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section aria-labelledby="video-heading" className="pt-0 md:pt-0">
        <h2 id="video-heading" className={headingClasses}>
          <Video className="size-6 text-navy-600" aria-hidden="true" />
          On a video call
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {videoCall.map((tip, index) => (
            <li key={tip.title} className="rounded-card border border-border bg-card p-5">
              <span aria-hidden="true" className="text-sm font-bold text-citron-800">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-1 font-bold">{tip.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-stone-700">{tip.tip}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section aria-labelledby="reminders-heading" className="pt-0 md:pt-0">
        <div className="rounded-card border border-citron-500/50 bg-citron-100 p-6 md:p-8">
          <h2 id="reminders-heading" className={headingClasses}>
            <Info className="size-6 text-navy-700" aria-hidden="true" />
            Reminders
          </h2>
          <ul className="mt-4 grid gap-3">
            {reminders.map((item) => (
              <li key={item} className="flex gap-3 leading-relaxed text-navy-900">
                <Lightbulb className="mt-1 size-4 shrink-0" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </Section>
    </>
  );
}
