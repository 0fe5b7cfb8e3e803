import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "~/core/zod";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { accounts, sessions, userRoles, users } from "~/db/schema/accounts";
import { sendEmailNow } from "~/features/email/outbox.server";
import { renderEmail, singleLine } from "~/features/email/templates";
import { writeAudit } from "../audit.server";
import { getAuth } from "../auth.server";
import { accountColumns, type SessionUser } from "../guards.server";
import { userNotices, type Notice } from "../notices";
import { passwordProblems } from "../password-policy";
import { isProtectedEmail, type Role } from "../roles";

/** docs/product.md's admin user listing item (get_admin_users). `role` is null once removed. */
export type AdminUserRow = {
  id: string;
  email: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  role: Role | null;
  isProtected: boolean;
  twoFactorEnabled: boolean;
};

export async function listUsers(db: Database): Promise<AdminUserRow[]> {
  const rows = await db
    .select({ ...accountColumns, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .orderBy(asc(users.createdAt), asc(users.email));
  const protectedEmail = env().PROTECTED_ADMIN_EMAIL;
  return rows.map((row) => ({ ...row, isProtected: isProtectedEmail(row.email, protectedEmail) }));
}

export class AccountError extends Error {}

/**
 * Creates an account that signs in with email and password: the user row and
 * its credential, together or not at all. Checks the password policy.
 */
export const INVALID_EMAIL = "Please enter a valid email address.";

/** One well-formed address (the admin panel and the command line check it the same way). */
export function isEmailAddress(value: string): boolean {
  return z.email().safeParse(value.trim().toLowerCase()).success;
}

export async function createAccount(
  db: Database,
  input: { email: string; password: string },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw new AccountError(INVALID_EMAIL);
  const problems = passwordProblems(input.password, env().SITE_SHORT_NAME);
  if (problems.length > 0) throw new AccountError(problems[0]);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length > 0) throw new AccountError(userNotices.alreadyExists.description);
  return insertAccount(db, email, input.password);
}

/** The insert itself, without the policy (demo accounts use configured passwords as given). */
export async function insertAccount(db: Database, email: string, password: string) {
  const id = randomUUID();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id, email, name: email.split("@")[0] ?? email, emailVerified: true });
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
  });
  return { id, email };
}

/** Replaces the account's password (command line); ends its sessions. */
export async function setPassword(db: Database, userId: string, password: string): Promise<void> {
  const problems = passwordProblems(password, env().SITE_SHORT_NAME);
  if (problems.length > 0) throw new AccountError(problems[0]);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash })
      .where(eq(accounts.userId, userId))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** docs/product.md#4-states-and-transitions: changing a role deletes the old record, then inserts the new one. */
export async function assignRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role });
  });
}

export async function findUser(db: Database, userId: string) {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export type UserActionOutcome = { ok: boolean; notice: Notice; status: number };

const ok = (notice: Notice): UserActionOutcome => ({ ok: true, notice, status: 200 });
const fail = (notice: Notice, status: number): UserActionOutcome => ({ ok: false, notice, status });

/** Add New User: the account first, then its role (a failure there is docs/product.md's partial "User Created"). */
export async function adminCreateUser(
  db: Database,
  actor: SessionUser,
  input: { email: string; password: string; role: string },
): Promise<UserActionOutcome> {
  if (!input.email.trim() || !input.password) return fail(userNotices.requiredFields, 400);
  const role: Role = input.role === "admin" ? "admin" : "user";
  let created: { id: string; email: string };
  try {
    created = await createAccount(db, input);
  } catch (error) {
    if (error instanceof AccountError) return fail(userNotices.createAccountFailed(error.message), 400);
    logger.error({ err: error }, "creating a user failed");
    return fail(userNotices.createFailed, 500);
  }
  let roleSet = true;
  try {
    await assignRole(db, created.id, role);
  } catch (error) {
    roleSet = false;
    logger.error({ err: error, userId: created.id }, "the new user's role could not be set");
  }
  await writeAudit(db, { actor, action: "user.create", target: created, details: { role: roleSet ? role : null } });
  return roleSet ? ok(userNotices.created(role)) : ok(userNotices.createdWithoutRole);
}

export async function adminChangeRole(
  db: Database,
  actor: SessionUser,
  input: { userId: string; role: string },
): Promise<UserActionOutcome> {
  if (input.role !== "user" && input.role !== "admin") return fail(userNotices.roleUpdateFailed, 400);
  const target = await findUser(db, input.userId);
  if (!target) return fail(userNotices.userNotFound, 404);
  // A coach is never made staff by a role change (decision 0054): staff invite and remove coaches in Coaches.
  if (target.role === "coach") return fail(userNotices.coachRole, 400);
  if (input.role !== "admin" && isProtectedEmail(target.email, env().PROTECTED_ADMIN_EMAIL)) {
    return fail(userNotices.cannotDemote, 403);
  }
  // Like removing oneself: an admin who demoted themselves could not undo it.
  if (input.role !== "admin" && target.id === actor.id) return fail(userNotices.cannotDemoteSelf, 400);
  try {
    await assignRole(db, target.id, input.role);
  } catch (error) {
    logger.error({ err: error }, "role change failed");
    return fail(userNotices.roleUpdateFailed, 500);
  }
  await writeAudit(db, {
    actor,
    action: "user.role_change",
    target,
    details: { from: target.role, to: input.role },
  });
  return ok(userNotices.roleUpdated(input.role));
}

/** Delete: removes the role (the account stays, with no permissions) and ends its sessions. */
export async function adminRemoveRole(
  db: Database,
  actor: SessionUser,
  input: { userId: string },
): Promise<UserActionOutcome> {
  const target = await findUser(db, input.userId);
  if (!target) return fail(userNotices.userNotFound, 404);
  if (isProtectedEmail(target.email, env().PROTECTED_ADMIN_EMAIL)) return fail(userNotices.cannotDelete, 403);
  if (target.id === actor.id) return fail(userNotices.cannotRemoveSelf, 400);
  try {
    await db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      await tx.delete(sessions).where(eq(sessions.userId, target.id));
    });
  } catch (error) {
    logger.error({ err: error }, "removing a role failed");
    return fail(userNotices.deleteFailed, 500);
  }
  await writeAudit(db, { actor, action: "user.role_remove", target, details: { from: target.role } });
  return ok(userNotices.roleRemoved(target.email));
}

export async function adminSendReset(
  db: Database,
  actor: SessionUser,
  input: { userId: string },
): Promise<UserActionOutcome> {
  if (!input.userId) return fail(userNotices.noUserForReset, 400);
  const target = await findUser(db, input.userId);
  if (!target) return fail(userNotices.userNotFound, 404);
  try {
    await getAuth(db).api.requestPasswordReset({ body: { email: target.email } });
  } catch (error) {
    logger.error({ err: error }, "admin password reset failed");
    return fail(userNotices.resetFailed(), 500);
  }
  await writeAudit(db, { actor, action: "user.password_reset_request", target });
  return ok(userNotices.resetSent(target.email));
}

/** The Email Notifications card: one message to TEST_EMAIL_RECIPIENTS, sent now so the admin sees the outcome. */
export async function adminSendTestEmail(
  db: Database,
  actor: SessionUser,
  send: typeof sendEmailNow = sendEmailNow,
): Promise<UserActionOutcome> {
  const { TEST_EMAIL_RECIPIENTS, SITE_NAME } = env();
  const recipients = TEST_EMAIL_RECIPIENTS.join(", ");
  // The shared template escapes every value (the site name and the address come from configuration and accounts).
  const { html, text } = renderEmail({
    title: `${SITE_NAME}: test notification`,
    intro: [
      `This is a test email from the ${SITE_NAME} admin panel, sent by ${actor.email}.`,
      "Notifications are working.",
    ],
  });
  try {
    await send({ to: TEST_EMAIL_RECIPIENTS, subject: singleLine(`${SITE_NAME}: test notification`), text, html });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error }, "test email failed");
    await writeAudit(db, { actor, action: "email.test", details: { ok: false, message } });
    return fail(userNotices.testEmailFailed(message), 502);
  }
  await writeAudit(db, { actor, action: "email.test", details: { ok: true, recipients: TEST_EMAIL_RECIPIENTS } });
  return ok(userNotices.testEmailSent(recipients));
}
