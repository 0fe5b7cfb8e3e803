import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { env } from "~/core/env.server";
import { formText, readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { isJudgeCategory } from "~/features/judges/categories";
import { acceptJudge, assignVolunteer, moveJudgeFile, poolTournament } from "~/features/judges/judges.server";
import { PoolPage } from "~/features/judges/pool-page";
import { judgePool } from "~/features/judges/pool.server";
import { parseJudgeSettingsForm, saveJudgeSettings } from "~/features/judges/settings.server";
import { judgeFormPath } from "~/features/judges/paths";
import { handleMessageIntent, messageIntent, sentNotice } from "~/features/tournaments/message-action.server";
import { tournamentPath } from "~/features/tournaments/paths";
import { memberSchools } from "~/features/tournaments/schools.server";
import type { Route } from "./+types/tournament-judges";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Judges: ${loaderData?.tournament.title ?? "Tournament"} | Admin Dashboard` },
];

async function load(context: Route.LoaderArgs["context"], key: string) {
  const tournament = await poolTournament(getDb(context), key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  return tournament;
}

/** /admin/tournaments/:key/judges: the judge pool (app/features/judges, decision 0045). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = getDb(context);
  const tournament = await load(context, params.key);
  const { shortRecipients, ...pool } = await judgePool(db, tournament.key, memberSchools());
  return {
    tournament: { key: tournament.key, title: tournament.title, date: tournament.date },
    pool,
    shortRecipients: shortRecipients.length,
    canManage: user.role === "admin",
    // Decision 0051: the message is read in a mail program, so its link to the judge form is absolute.
    judgeFormUrl: `${env().PUBLIC_URL}${judgeFormPath(tournament.key)}`,
    // The shortfall message's one-time key: a Send posted twice queues nothing the second time.
    sendKey: randomBytes(12).toString("base64url"),
  };
}

const refuse = (form: string, message: string, status = 400) =>
  data({ form, error: message, notice: null }, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const db = getDb(context);
  const tournament = await load(context, params.key);
  const form = await readForm(request);
  const here = tournamentPath(tournament.key, "/judges");
  const actor = { id: admin.id, email: admin.email };
  switch (formText(form, "intent")) {
    case "judge-settings": {
      const parsed = parseJudgeSettingsForm(form);
      if (!parsed.ok) return refuse("settings", parsed.message);
      await saveJudgeSettings(db, actor, tournament.key, parsed.value);
      return redirectWithToast(here, { type: "success", title: "Judge settings saved", description: tournament.title });
    }
    case "assign": {
      const outcome = await assignVolunteer(db, actor, formText(form, "judgeId"), tournament);
      if (!outcome.ok) return refuse("page", outcome.message, outcome.status);
      return redirectWithToast(here, {
        type: "success",
        title: "Volunteer assigned",
        description: `${outcome.judge.firstName} ${outcome.judge.lastName} judges ${tournament.title}.`,
      });
    }
    case "accept": {
      const outcome = await acceptJudge(db, actor, formText(form, "judgeId"), tournament.key);
      if (!outcome.ok) return refuse("page", outcome.message, outcome.status);
      const { judge } = outcome;
      return redirectWithToast(here, {
        type: "success",
        title: "Judge accepted",
        description: `${judge.firstName} ${judge.lastName} counts for ${judge.school} once confirmed.`,
      });
    }
    case "move": {
      const category = formText(form, "category");
      if (!isJudgeCategory(category)) return refuse("page", "Choose debate, speech or Congress.");
      const outcome = await moveJudgeFile(db, actor, formText(form, "judgeId"), tournament.key, category);
      if (!outcome.ok) return refuse("page", outcome.message, outcome.status);
      return redirectWithToast(here, {
        type: "success",
        title: "Judge moved",
        description: `${outcome.judge.firstName} ${outcome.judge.lastName} is now in the ${category} file only.`,
      });
    }
    case "message-preview":
    case "message-test":
    case "message-send": {
      // Decision 0051: the shortfall message goes through the message feature's preview, test and confirmed count.
      const recipients = (await judgePool(db, tournament.key, memberSchools())).shortRecipients;
      if (recipients.length === 0) return refuse("message", "No school is short of judges.", 409);
      const outcome = await handleMessageIntent(
        db,
        actor,
        tournament,
        messageIntent(formText(form, "intent"))!,
        form,
        async () => ({ recipients, label: "the schools still short of judges", name: "short-of-judges" }),
      );
      if (outcome.kind === "sent") return redirectWithToast(here, sentNotice(outcome.count));
      if (outcome.kind === "refused")
        return data(
          { form: "message", error: outcome.message, notice: null, preview: outcome.preview ?? null },
          { status: outcome.status },
        );
      return data({ form: "message", error: null, notice: outcome.message, preview: outcome.preview });
    }
    default:
      return refuse("page", "That request was not understood. Please reload the page and try again.");
  }
}

export default function TournamentJudgesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answers = actionData ? { [actionData.form]: { error: actionData.error, notice: actionData.notice } } : {};
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return <PoolPage data={{ ...loaderData, preview }} answers={answers} />;
}
