import { data } from "react-router";
import { formText, tryReadForm } from "~/core/form.server";
import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { limitedAnswer, limitedPage } from "~/core/too-many";
import { takeRateLimit } from "~/db/rate-limit.server";
import { confirmJudge, judgeByToken, withdrawJudge } from "~/features/judges/judges.server";
import { JudgeLinkPage } from "~/features/judges/judge-link-page";
import { PageHeader, Section } from "~/features/shell/page-header";
import type { Route } from "./+types/judge-link";

// As the monthly gift's manage page: never cached or indexed, and no other site sees the token in a referrer.
const privateHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
};

export const meta: Route.MetaFunction = () => [{ title: "Your judging" }, { name: "robots", content: "noindex" }];

async function find(context: Route.LoaderArgs["context"], token: string) {
  const judge = await judgeByToken(getDb(context), token);
  if (!judge) throw data("Judge link not found", { status: 404, headers: privateHeaders });
  return judge;
}

/** Link pages one client may open or post to per hour (decision 0049): guessing links is not a way in. */
const LINK_PAGE_LIMIT = { max: 30, windowSeconds: 3600 };

async function limited(context: Route.LoaderArgs["context"], what: "view" | "change") {
  const address = context.get(requestInfoContext).clientAddress ?? "unknown";
  return takeRateLimit(getDb(context), `judge-link:${what}:ip:${address}`, LINK_PAGE_LIMIT);
}

/** A judge's page at the link in their confirmation email (app/features/judges, decisions 0045, 0049). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const allowance = await limited(context, "view");
  if (!allowance.allowed)
    throw limitedPage(
      allowance,
      (wait) => `Too many judge links opened in a short time. Please try again in ${wait}.`,
      privateHeaders,
    );
  const judge = await find(context, params.token);
  return data(
    {
      judge: {
        name: `${judge.firstName} ${judge.lastName}`,
        tournament: judge.tournamentTitle
          ? `${judge.tournamentTitle} (${judge.tournamentDate})`
          : "Any tournament (the district will assign you)",
        school: judge.school,
        categories: judge.categories,
        status: judge.status,
      },
    },
    { headers: privateHeaders },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const read = await tryReadForm(request);
  if (!read.ok) return data({ answer: read.message }, { status: read.status, headers: privateHeaders });
  const db = getDb(context);
  const allowance = await limited(context, "change");
  if (!allowance.allowed) {
    const refusal = limitedAnswer(
      allowance,
      (wait) => `Too many changes in a short time. Please try again in ${wait}.`,
    );
    return data(
      { answer: refusal.message },
      { status: refusal.status, headers: { ...privateHeaders, ...refusal.headers } },
    );
  }
  const judge = await find(context, params.token);
  switch (formText(read.form, "intent")) {
    case "confirm":
      await confirmJudge(db, judge);
      return data({ answer: "Thank you: you are confirmed to judge." }, { headers: privateHeaders });
    case "withdraw":
      await withdrawJudge(db, judge);
      return data({ answer: "You have withdrawn. Thank you for letting us know." }, { headers: privateHeaders });
    default:
      return data({ answer: "Please choose one of the buttons on this page." }, { status: 400, headers: privateHeaders });
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders, actionHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export default function JudgeLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Judging" title="Your judging" />
      <Section className="max-w-2xl">
        <JudgeLinkPage judge={loaderData.judge} answer={actionData?.answer ?? null} />
      </Section>
    </>
  );
}
