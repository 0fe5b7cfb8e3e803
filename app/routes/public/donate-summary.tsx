import { lazyUntilUsed } from "~/ui/lazy-in-browser";
import { defaultSummaryYear, summaryYears } from "~/features/donations/year-summary/summary";
import { summaryRequestAnchor } from "~/features/donations/year-summary/rules";
import { handleSummaryRequest } from "~/features/donations/year-summary/request.server";
import { PageHeader, Section } from "~/features/shell/page-header";
import { pageMeta } from "~/features/shell/meta";
import type { Route } from "./+types/donate-summary";

const GivingSummaryForm = lazyUntilUsed(() =>
  import("~/features/donations/year-summary/form").then((module) => module.GivingSummaryForm),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your giving summary",
    description: "Get a summary of your gifts for a calendar year by email, for your tax records.",
    path: "/donate/summary",
  });

/** The form's own page: where it posts, and where a post without JavaScript shows its answer. */
export async function loader() {
  await GivingSummaryForm.preload();
  const now = new Date();
  return { years: summaryYears(now), defaultYear: defaultSummaryYear(now) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSummaryRequest(request, context);
}

export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function DonateSummaryPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Donate"
        title="Your giving summary"
        lead="One email listing every gift you made in a calendar year, with the total and our tax ID, for your tax records."
      />
      <Section className="max-w-2xl">
        <div
          id={summaryRequestAnchor}
          className="scroll-mt-24 rounded-card border border-border bg-card p-5 shadow-sm sm:p-8"
        >
          <h2 className="mb-2 text-xl font-bold text-navy-900">Email me my giving summary</h2>
          <p className="mb-5 text-sm text-stone-700">
            We send it only to the address you type, and only if gifts were made from it that year. Every January we
            also email last year&apos;s summary to each donor.
          </p>
          <GivingSummaryForm years={loaderData.years} defaultYear={loaderData.defaultYear} lastAnswer={actionData} />
        </div>
        <p className="mt-6 text-sm">
          <a href="/donate" className="font-semibold text-navy-700 underline underline-offset-4">
            Back to Donate
          </a>
        </p>
      </Section>
    </>
  );
}
