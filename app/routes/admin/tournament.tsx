import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { readForm, formText } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { tournamentPath, TOURNAMENTS_PATH } from "~/features/tournaments/paths";
import {
  deleteTournamentSettings,
  findStaffTournament,
  parseSettingsForm,
  saveTournamentSettings,
} from "~/features/tournaments/staff-settings.server";
import { TournamentPage } from "~/features/tournaments/tournament-page";
import { parseRefundPolicyForm, type RefundPolicyField } from "~/features/tournaments/refund-policy";
import { entryFeeCents, saveRefundPolicy } from "~/features/tournaments/refund-policy.server";
import { loadRoster } from "~/features/tournaments/roster-data.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { confirmEntryName, mergeSchool } from "~/features/tournaments/staff-actions.server";
import { handleMessageIntent, messageIntent, sentNotice } from "~/features/tournaments/message-action.server";
import { decidePendingChange, pendingChanges, recentChanges } from "~/features/entry-changes/changes.server";
import { PendingChanges, RecentChanges } from "~/features/entry-changes/pending-changes";
import { handleStaffDrop } from "~/features/entry-changes/drops/staff-drop.server";
import type { Route } from "./+types/tournament";

const districtTime = (at: Date) =>
  at.toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.tournament.title ?? "Tournament"} | Admin Dashboard` },
];

async function load(context: Route.LoaderArgs["context"], key: string) {
  const tournament = await findStaffTournament(getDb(context), key);
  if (!tournament) throw data("No such tournament", { status: 404 });
  return tournament;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const tournament = await load(context, params.key);
  return {
    tournament,
    roster: await loadRoster(getDb(context), tournament),
    // Families' changes waiting for approval, and the entries' latest history (decision 0047).
    pending: (await pendingChanges(getDb(context), tournament.key)).map((change) => ({
      ...change,
      at: districtTime(change.at),
    })),
    recent: (await recentChanges(getDb(context), tournament.key)).map((change) => ({
      ...change,
      at: districtTime(change.at),
    })),
    canManage: user.role === "admin",
    // The message form's one-time key: a Send posted twice queues nothing the second time.
    sendKey: randomBytes(12).toString("base64url"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const db = getDb(context);
  const tournament = await load(context, params.key);
  const form = await readForm(request);
  const here = tournamentPath(tournament.key);
  switch (formText(form, "intent")) {
    case "settings": {
      const parsed = parseSettingsForm(form, tournament.date);
      if (!parsed.ok)
        return data({ ok: false as const, message: parsed.message, form: "settings" as const }, { status: 400 });
      await saveTournamentSettings(db, admin, tournament, parsed.value);
      return redirectWithToast(here, { type: "success", title: "Settings saved", description: tournament.title });
    }
    case "refund-policy": {
      const parsed = parseRefundPolicyForm(form, { date: tournament.date, feeCents: await entryFeeCents(db) });
      if (!parsed.ok)
        return data(
          { ok: false as const, message: parsed.message, form: "refund-policy" as const, field: parsed.field },
          { status: 400 },
        );
      await saveRefundPolicy(db, admin, tournament, parsed.value);
      return redirectWithToast(here, {
        type: "success",
        title: "Refund policy saved",
        description: tournament.title,
      });
    }
    case "delete-settings": {
      if (!tournament.orphaned)
        return data(
          { ok: false as const, message: "Only a setting whose tournament left the schedule can be deleted." },
          { status: 409 },
        );
      await deleteTournamentSettings(db, admin, tournament.key);
      return redirectWithToast(TOURNAMENTS_PATH, {
        type: "success",
        title: "Setting deleted",
        description: tournament.title,
      });
    }
    case "drop": {
      // The family's drop path with a staff actor: first the amounts to confirm, then the drop (decision 0050).
      const outcome = await handleStaffDrop(db, admin, tournament.key, form);
      if (outcome.ok && outcome.dropped)
        return redirectWithToast(here, { type: "success", title: "Entry dropped", description: outcome.message });
      if (outcome.ok) return data({ ok: true as const, message: null, drop: outcome.drop });
      return data(
        { ok: false as const, message: outcome.message, ...(outcome.drop ? { drop: outcome.drop } : {}) },
        { status: outcome.status },
      );
    }
    case "confirm-name": {
      const outcome = await confirmEntryName(db, admin, tournament.key, {
        orderId: formText(form, "orderId"),
        first: formText(form, "first"),
        last: formText(form, "last"),
      });
      if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
      return redirectWithToast(here, { type: "success", title: "Name confirmed", description: outcome.message });
    }
    case "approve-change":
    case "decline-change": {
      const approve = formText(form, "intent") === "approve-change";
      const outcome = await decidePendingChange(
        db,
        admin,
        tournament.key,
        formText(form, "changeId"),
        approve ? "approve" : "decline",
      );
      if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
      return redirectWithToast(here, {
        type: "success",
        title: approve ? "Change approved" : "Change declined",
        description: outcome.message,
      });
    }
    case "merge-school": {
      const into = memberSchools().find((school) => school.code === formText(form, "into"));
      const outcome = await mergeSchool(db, admin, tournament.key, formText(form, "typed"), into);
      if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: outcome.status });
      return redirectWithToast(here, { type: "success", title: "School merged", description: outcome.message });
    }
    case "message-preview":
    case "message-test":
    case "message-send": {
      const outcome = await handleMessageIntent(db, admin, tournament, messageIntent(formText(form, "intent"))!, form);
      if (outcome.kind === "sent") return redirectWithToast(here, sentNotice(outcome.count));
      if (outcome.kind === "refused")
        return data(
          { ok: false as const, message: outcome.message, form: "message" as const, preview: outcome.preview },
          { status: outcome.status },
        );
      return data({ ok: true as const, form: "message" as const, message: outcome.message, preview: outcome.preview });
    }
    default:
      return data(
        { ok: false as const, message: "That request was not understood. Please reload the page and try again." },
        { status: 400 },
      );
  }
}

export default function TournamentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, recent, ...page } = loaderData;
  return (
    <TournamentPage
      {...page}
      approvals={
        <>
          <PendingChanges changes={pending} canManage={loaderData.canManage} />
          <RecentChanges changes={recent} />
        </>
      }
      message={actionData && !actionData.ok ? actionData.message : null}
      notice={actionData?.ok ? actionData.message : null}
      answered={actionData && "form" in actionData ? actionData.form : null}
      preview={actionData && "preview" in actionData ? actionData.preview : null}
      field={actionData && "field" in actionData ? (actionData.field as RefundPolicyField) : null}
      drop={actionData && "drop" in actionData ? actionData.drop : null}
    />
  );
}
