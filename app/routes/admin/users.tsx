import { data } from "react-router";
import { env } from "~/core/env.server";
import { formText, readForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin } from "~/features/accounts/guards.server";
import { USERS_PATH, UserManagement, type UsersActionResult } from "~/features/accounts/users/user-management";
import {
  adminChangeRole,
  adminCreateUser,
  adminRemoveRole,
  adminSendReset,
  adminSendTestEmail,
  listUsers,
  type UserActionOutcome,
} from "~/features/accounts/users/users.server";
import { adminResetTwoFactor } from "~/features/accounts/sign-in/two-factor.server";
import { userNotices } from "~/features/accounts/notices";
import { formatDateTime } from "~/core/format";
import { CoachesPanel, isCoachForm } from "~/features/coaches/invitations/coaches-panel";
import { NoticeBox } from "~/ui/notice-box";
import {
  coachReturnPath,
  coachStaffAction,
  isCoachIntent,
  schoolCoachesView,
} from "~/features/coaches/invitations/staff.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  let rows: Awaited<ReturnType<typeof listUsers>> = [];
  let coaches: Awaited<ReturnType<typeof schoolCoachesView>> = [];
  let loadFailed = false;
  try {
    [rows, coaches] = await Promise.all([listUsers(getDb(context)), schoolCoachesView(getDb(context))]);
  } catch (error) {
    logger.error({ err: error }, "listing users failed");
    loadFailed = true;
  }
  return {
    loadFailed,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      created: formatDateTime(row.createdAt),
      lastSignIn: row.lastSignInAt ? formatDateTime(row.lastSignInAt) : null,
      isProtected: row.isProtected,
      isSelf: row.id === admin.id,
      twoFactorEnabled: row.twoFactorEnabled,
    })),
    coaches,
    recipients: env().TEST_EMAIL_RECIPIENTS,
    shortName: env().SITE_SHORT_NAME,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const db = getDb(context);
  const form = await readForm(request);
  const text = (name: string) => formText(form, name);
  const intent = text("intent");
  // Coaches (decision 0054): invited, sent again, withdrawn and removed from here or from Site content's schools.
  if (isCoachIntent(intent)) {
    const done = await coachStaffAction(db, admin, intent, form);
    if (done.ok)
      return redirectWithToast(coachReturnPath(form.get("returnTo")), {
        type: "success",
        title: "Coaches",
        description: done.message,
      });
    return data<UsersActionResult>(
      { intent, ok: false, notice: { type: "error", title: "Not done", description: done.message } },
      { status: done.status },
    );
  }
  let outcome: UserActionOutcome;
  switch (intent) {
    case "create":
      outcome = await adminCreateUser(db, admin, {
        email: text("email"),
        password: text("password"),
        role: text("role"),
      });
      break;
    case "role":
      outcome = await adminChangeRole(db, admin, { userId: text("userId"), role: text("role") });
      break;
    case "delete":
      outcome = await adminRemoveRole(db, admin, { userId: text("userId") });
      break;
    case "reset":
      outcome = await adminSendReset(db, admin, { userId: text("userId") });
      break;
    case "reset-2fa":
      outcome = await adminResetTwoFactor(db, admin, { userId: text("userId") });
      break;
    case "test-email":
      outcome = await adminSendTestEmail(db, admin);
      break;
    default:
      outcome = { ok: false, notice: userNotices.unknownAction, status: 400 };
  }
  // A removed role leaves the confirmation (?delete=<id>) for the list: back there with the notice.
  if (intent === "delete" && outcome.ok) return redirectWithToast(USERS_PATH, outcome.notice);
  const result: UsersActionResult = { intent, ok: outcome.ok, notice: outcome.notice };
  // A refused Add New User comes back filled in (never the password).
  if (intent === "create" && !outcome.ok) result.values = { email: text("email"), role: text("role") };
  return data<UsersActionResult>(result, { status: outcome.status });
}

export default function AdminUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <UserManagement
        users={loaderData.users}
        result={actionData}
        recipients={loaderData.recipients}
        shortName={loaderData.shortName}
        loadFailed={loaderData.loadFailed}
      />
      {actionData && isCoachForm(actionData.intent) ? <NoticeBox notice={actionData.notice} /> : null}
      <CoachesPanel schools={loaderData.coaches} returnTo="/admin/users" />
    </div>
  );
}
