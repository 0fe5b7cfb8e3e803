import { Form, Link } from "react-router";
import { formatLongDate } from "~/features/events/dates";
import { Button } from "~/ui/button";
import { DashboardHeader } from "~/ui/dashboard";
import { Notice } from "~/ui/notice";
import { TOURNAMENTS_PATH } from "./paths";
import { MessageForm, type MessagePreview } from "./message-form";
import { RosterView, type RosterData } from "./roster-view";
import { SettingsForm } from "./settings-form";
import { RefundPolicyForm } from "./refund-policy-form";
import type { RefundPolicyField } from "./refund-policy";
import type { FormAnswer } from "./form-answer";
import type { StaffTournament } from "./staff-settings.server";
import type { StaffDropAnswer } from "./staff-drop-answer";

/** /admin/tournaments/:key: a tournament's settings (admins), and its roster. */
export function TournamentPage({
  tournament,
  roster,
  canManage,
  message,
  notice,
  answered,
  preview,
  sendKey,
  field = null,
  approvals,
  drop = null,
}: {
  tournament: StaffTournament;
  roster: RosterData;
  notice: string | null;
  preview: MessagePreview | null;
  sendKey: string;
  /** Families' changes waiting for staff (app/features/entry-changes, decision 0047), shown above the roster. */
  approvals?: React.ReactNode;
  canManage: boolean;
  message: string | null;
  /** The form the answer is for: its notice shows in that form, beside the button pressed, not at the page's top. */
  answered: "settings" | "message" | "refund-policy" | null;
  /** The refund policy form's field the server refused. */
  field?: RefundPolicyField | null;
  /** A roster Drop's amounts to confirm (decision 0050). */
  drop?: StaffDropAnswer | null;
}) {
  const inForm = (form: "settings" | "message" | "refund-policy"): FormAnswer | null =>
    answered === form ? { error: message, notice } : null;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to={TOURNAMENTS_PATH} className="text-navy-800 underline underline-offset-2">
          All tournaments
        </Link>
      </p>
      <DashboardHeader
        title={tournament.title}
        description={`${formatLongDate(tournament.date)}. ${tournament.takesEntries ? tournament.closes : "Takes no entries on this site"}.`}
      />
      {message && !answered && !drop ? <Notice tone="error" title={message} /> : null}
      {notice && !answered ? <Notice tone="success" title={notice} /> : null}
      {tournament.orphaned ? (
        <Notice tone="error" title="This tournament is no longer in the schedule">
          <p className="mt-1">
            The published schedule has no tournament with this title on this date: it was renamed, moved or removed. Its
            entries are kept. {canManage ? "Delete this setting once it is not needed." : null}
          </p>
          {canManage ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="delete-settings" />
              <Button type="submit" variant="outline" size="sm">
                Delete setting
              </Button>
            </Form>
          ) : null}
        </Notice>
      ) : null}
      {approvals}
      <RosterView
        tournamentKey={tournament.key}
        roster={roster}
        canManage={canManage}
        drop={drop}
        dropError={drop ? message : null}
      />
      {canManage ? (
        <MessageForm events={tournament.events} sendKey={sendKey} draft={preview} answer={inForm("message")} />
      ) : null}
      {canManage ? <SettingsForm tournament={tournament} answer={inForm("settings")} /> : null}
      {canManage ? (
        <RefundPolicyForm
          policy={tournament.refundPolicy}
          closesOn={tournament.window.closesOn}
          date={tournament.date}
          answer={inForm("refund-policy")}
          field={field}
        />
      ) : null}
    </div>
  );
}
