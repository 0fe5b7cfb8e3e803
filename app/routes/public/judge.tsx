import { getDb } from "~/db/context";
import type { JudgeActionData } from "~/features/judges/action-data";
import { handleJudgeForm } from "~/features/judges/judge-action.server";
import { JUDGE_FORM_ANCHOR, JudgeForm } from "~/features/judges/judge-form";
import { judgeTournaments } from "~/features/judges/judges.server";
import { judgeSchool } from "~/features/judges/naming.server";
import { readSchoolPass } from "~/features/judges/school-pass.server";
import { PageHeader, Section } from "~/features/shell/page-header";
import { pageMeta } from "~/features/shell/meta";
import { memberSchools } from "~/features/tournaments/schools.server";
import type { Route } from "./+types/judge";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Judge a tournament",
    description: "Name a judge for your school, or volunteer to judge a district tournament. No account needed.",
    path: "/judge",
  });

/** The public judge form (app/features/judges, decision 0045); ?tournament=<key> chooses the tournament. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tournaments = await judgeTournaments(getDb(context));
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tournament");
  const chosen = wanted === "any" || tournaments.some((tournament) => tournament.key === wanted) ? wanted : null;
  const schools = memberSchools();
  // ?school=<pass>: the school's own registration (decision 0049); a pass for another tournament is ignored.
  const passed = chosen ? readSchoolPass(chosen, url.searchParams.get("school")) : null;
  const vouched = passed
    ? { pass: url.searchParams.get("school")!, ...judgeSchool({ schoolCode: "", schoolName: null }, schools, passed) }
    : null;
  return { tournaments, schools, chosen, vouched: vouched?.school ? vouched : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleJudgeForm(request, context);
}

export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function JudgePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Tournaments"
        title="Judge a tournament"
        lead="Every round needs a judge, and every school owes judges for its entries. Name a judge for your school, or volunteer for any tournament: no account needed, and no experience required."
      />
      <Section className="max-w-3xl">
        <div id={JUDGE_FORM_ANCHOR} className="scroll-mt-24 rounded-card border border-border bg-card p-5 shadow-sm sm:p-8">
          <h2 className="mb-2 text-xl font-bold text-navy-900">Name a judge</h2>
          <p className="mb-5 text-sm text-stone-700">
            We email the judge a link to confirm. Until they confirm, they are not counted; the same link lets them
            withdraw.
          </p>
          <JudgeForm
            tournaments={loaderData.tournaments}
            schools={loaderData.schools}
            chosen={loaderData.chosen}
            vouched={loaderData.vouched}
            answer={actionData as JudgeActionData | undefined}
          />
        </div>
      </Section>
    </>
  );
}
