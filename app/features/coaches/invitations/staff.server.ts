import { formatDateTime } from "~/core/format";
import { safeRedirect } from "~/core/safe-redirect";
import type { Database } from "~/db/client.server";
import type { SessionUser } from "~/features/accounts/guards.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import type { SchoolCoachesView } from "./coaches-panel";
import {
  type CoachOutcome,
  coachesBySchool,
  inviteCoach,
  removeCoach,
  resendInvitation,
  withdrawInvitation,
} from "./invitations.server";

/** Every member school with its coaches and pending invitations, for the staff's panel. */
export async function schoolCoachesView(db: Database): Promise<SchoolCoachesView[]> {
  const bySchool = await coachesBySchool(db);
  return memberSchools().map((school) => {
    const found = bySchool.get(school.code);
    return {
      code: school.code,
      name: school.name,
      coaches: (found?.coaches ?? []).map((coach) => ({
        userId: coach.userId,
        email: coach.email,
        name: coach.name,
        lastSignIn: coach.lastSignIn ? formatDateTime(coach.lastSignIn) : null,
      })),
      invitations: (found?.invitations ?? []).map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        expires: formatDateTime(invitation.expiresAt),
        expired: invitation.expired,
      })),
    };
  });
}

/** The staff's coach forms' intents (they post to the Users page). */
export const COACH_INTENTS = ["coach-invite", "coach-resend", "coach-withdraw", "coach-remove"] as const;

export const isCoachIntent = (intent: string): intent is (typeof COACH_INTENTS)[number] =>
  (COACH_INTENTS as readonly string[]).includes(intent);

/** The pages a coach form comes back to. */
const RETURN_PAGES = ["/admin/users", "/admin/site/schools"];

/** Where a coach form goes back to: the page it was on, if one of the two. */
export function coachReturnPath(value: unknown): string {
  const path = safeRedirect(value, { fallback: "/admin/users" });
  return `${RETURN_PAGES.includes(path) ? path : "/admin/users"}#coaches`;
}

/** An admin's coach form (decision 0054), audited as that admin. */
export async function coachStaffAction(
  db: Database,
  admin: SessionUser,
  intent: (typeof COACH_INTENTS)[number],
  form: FormData,
): Promise<CoachOutcome> {
  const value = (name: string) => form.get(name) ?? undefined;
  switch (intent) {
    case "coach-invite":
      return inviteCoach(db, admin, { email: value("email"), school: form.getAll("school") });
    case "coach-resend":
      return resendInvitation(db, admin, value("invitationId"));
    case "coach-withdraw":
      return withdrawInvitation(db, admin, value("invitationId"));
    case "coach-remove":
      return removeCoach(db, admin, { userId: value("userId"), schoolCode: value("schoolCode") });
  }
}
