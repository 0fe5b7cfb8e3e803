import { Link, type ShouldRevalidateFunction } from "react-router";
import { CONTACT_PARAM, ContactDialog, GetInvolvedButton } from "~/features/contact/get-involved-button";
import { ContentIcon } from "~/features/content/content-icon";
import { missionContent } from "~/features/content/content.server";
import { previewDraft } from "~/features/site-editor/preview.server";
import { pageMeta } from "~/features/shell/meta";
import { PageHeader, PreviewBanner, Section } from "~/features/shell/page-header";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import type { Route } from "./+types/mission";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Mission",
    description: (siteName) =>
      `Why the ${siteName} exists: our mission, our vision, six core values, and the coaching, competition and national pathway we provide.`,
    path: "/mission",
  });

/** The live section, or to signed-in staff at ?preview=mission, its draft (decision 0039). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const draft = await previewDraft(request, context, "mission");
  return { ...(draft ?? missionContent()), preview: draft ? "mission" : null };
}

const headingClasses = "text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl";

/** Opening or closing the contact dialog (?contact=1) needs nothing new from the server. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlyDialogParamsChanged(args, [CONTACT_PARAM]) ? false : args.defaultShouldRevalidate;

export default function MissionPage({ loaderData }: Route.ComponentProps) {
  const { statement, vision, coreValues, whatWeProvide } = loaderData;
  return (
    <>
      <PreviewBanner section={loaderData.preview} />
      <PageHeader eyebrow="Who we are" title="Our Mission" lead={statement} />

      <Section aria-label="Our vision" className="pb-0 md:pb-0">
        <figure className="mx-auto max-w-3xl border-l-4 border-citron-500 py-2 pl-6 md:pl-8">
          <blockquote className="text-2xl leading-snug font-semibold text-balance text-navy-900 sm:text-3xl">
            <p>“{vision}”</p>
          </blockquote>
          <figcaption className="mt-3 text-sm font-semibold tracking-wide text-stone-600 uppercase">
            Our vision
          </figcaption>
        </figure>
      </Section>

      <Section aria-labelledby="values-heading">
        <h2 id="values-heading" className={headingClasses}>
          Our Core Values
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {coreValues.map((value) => (
            <li key={value.title} className="rounded-card border border-border bg-card p-6 shadow-xs">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-citron-100 text-navy-800">
                <ContentIcon name={value.icon} className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{value.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="provide-heading" className="pt-0 md:pt-0">
        <div className="rounded-card bg-navy-900 p-6 text-white sm:p-10">
          <h2 id="provide-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            What We Provide
          </h2>
          <ol className="mt-8 grid gap-8 md:grid-cols-3">
            {whatWeProvide.map((item) => (
              <li key={item.title}>
                <ContentIcon name={item.icon} className="size-7 text-citron-300" />
                <h3 className="mt-3 text-xl font-bold">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-navy-100">{item.description}</p>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-navy-100">
            Meet{" "}
            <Link to="/about" className="font-semibold text-white underline underline-offset-4">
              our coaches and boards
            </Link>{" "}
            and{" "}
            <Link to="/2025-nationals-team" className="font-semibold text-white underline underline-offset-4">
              our 2025 Nationals team
            </Link>
            .
          </p>
        </div>
      </Section>

      <Section aria-labelledby="involved-heading" className="pt-0 text-center md:pt-0">
        <h2 id="involved-heading" className={headingClasses}>
          Join us
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-stone-700">
          Students, parents, schools, coaches and judges: tell us how you would like to take part.
        </p>
        <div className="mt-6 flex justify-center">
          <GetInvolvedButton />
        </div>
      </Section>
      <ContactDialog />
    </>
  );
}
