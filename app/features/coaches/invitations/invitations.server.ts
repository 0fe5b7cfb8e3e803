import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import { env } from "~/core/env.server";
import { linkTokenHash, linkTokenWhere } from "~/core/link-tokens.server";
import type { Database, Transaction } from "~/db/client.server";
import { accounts, userRoles, users } from "~/db/schema/accounts";
import { coachInvitations, coachSchools, type CoachInvitation } from "~/db/schema/coaches";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import { newPasswordProblem } from "~/features/accounts/password-policy";
import { endOtherSessions } from "~/features/accounts/session-revocation.server";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";
import { memberSchools } from "~/features/tournaments/schools.server";
import { acceptSchema, inviteSchema } from "./schema";

/** How long an invitation's link works (decision 0054). */
export const INVITATION_DAYS = 7;

/** The answer of a staff action on coaches: a message, and the status it is answered with. */
export type CoachOutcome = { ok: boolean; message: string; status: number };

const ok = (message: string): CoachOutcome => ({ ok: true, message, status: 200 });
const refused = (message: string, status = 400): CoachOutcome => ({ ok: false, message, status });

/** The link in an invitation's email. */
export const invitationLink = (token: string) => `${env().PUBLIC_URL}/coach/invitation/${token}`;

/** A pending invitation's new link: a random token, whose SHA-256 alone is kept (app/core/link-tokens.server.ts). */
function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: linkTokenHash(token) };
}

const schoolNames = (schools: CoachInvitation["schools"]) => schools.map((school) => school.name).join(", ");

async function queueInvitation(
  db: Database | Transaction,
  email: string,
  schools: CoachInvitation["schools"],
  token: string,
) {
  const { SITE_NAME } = env();
  const subject = `You are invited to coach on ${SITE_NAME}`;
  const { html, text } = renderEmail({
    title: subject,
    intro: [
      `The district's staff invite you to follow ${schoolNames(schools)} on ${SITE_NAME}: your school's entries, ` +
        "the judges it owes and what needs you, for every tournament of the season.",
    ],
    action: {
      label: `Set your name and password (the link works once, within ${INVITATION_DAYS} days)`,
      url: invitationLink(token),
    },
    footer: "If you did not expect this, ignore this email: no account is made until the link is used.",
  });
  await queueEmail(db, { to: email, subject, text, html, sensitive: true });
}

/** Writes a pending invitation and queues its email. */
async function issue(tx: Transaction, actor: Actor, email: string, schools: CoachInvitation["schools"]) {
  const { token, tokenHash } = newToken();
  const [row] = await tx
    .insert(coachInvitations)
    .values({
      email,
      schools,
      tokenHash,
      invitedBy: actor.email,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    })
    .returning({ id: coachInvitations.id });
  await queueInvitation(tx, email, schools, token);
  return row!.id;
}

/**
 * Staff invite a coach to member schools (decision 0054). An address of a staff account is refused; one of a coach
 * already is given the schools at once; anyone else gets an invitation (a pending one to the same address is
 * revoked: only the newest link works).
 */
export async function inviteCoach(
  db: Database,
  actor: Actor,
  form: { email: unknown; school: unknown },
): Promise<CoachOutcome> {
  const members = memberSchools();
  const parsed = inviteSchema(members.map((school) => school.code)).safeParse(form);
  if (!parsed.success) return refused(parsed.error.issues[0]!.message);
  const { email } = parsed.data;
  const schools = members
    .filter((school) => parsed.data.school.includes(school.code))
    .map((school) => ({ code: school.code, name: school.name }));
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, email));
    if (existing && existing.role !== "coach")
      return refused(
        "That address belongs to a staff account (or one without a role): a coach needs an address of their own.",
      );
    if (existing) {
      await tx
        .insert(coachSchools)
        .values(schools.map((school) => ({ userId: existing.id, schoolCode: school.code, schoolName: school.name })))
        .onConflictDoNothing();
      await writeAudit(tx, {
        actor,
        action: "coach.schools_add",
        target: { id: existing.id, email },
        details: { schools: schools.map((school) => school.code) },
      });
      return ok(`${email} already coaches here: they now follow ${schoolNames(schools)} too.`);
    }
    await tx
      .update(coachInvitations)
      .set({ status: "revoked" })
      .where(and(eq(coachInvitations.email, email), eq(coachInvitations.status, "pending")));
    const id = await issue(tx, actor, email, schools);
    await writeAudit(tx, {
      actor,
      action: "coach.invite",
      target: { id: null, email },
      details: { invitation: id, schools: schools.map((school) => school.code) },
    });
    return ok(`Invitation sent to ${email}. The link works for ${INVITATION_DAYS} days.`);
  });
}

/**
 * Revokes pending invitation `invitationId` and, in the same transaction, does `then` with it (audited there); an
 * id that is no pending invitation is refused.
 */
async function revoking(
  db: Database,
  invitationId: unknown,
  then: (tx: Transaction, old: CoachInvitation) => Promise<CoachOutcome>,
): Promise<CoachOutcome> {
  if (typeof invitationId !== "string" || !/^[0-9a-f-]{36}$/i.test(invitationId))
    return refused("No such invitation.", 404);
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(coachInvitations)
      .set({ status: "revoked" })
      .where(and(eq(coachInvitations.id, invitationId), eq(coachInvitations.status, "pending")))
      .returning();
    if (!old) return refused("That invitation was already accepted or withdrawn.", 409);
    return then(tx, old);
  });
}

/** Staff send a pending (or expired) invitation again: a new link for 7 more days; the old one stops working. */
export function resendInvitation(db: Database, actor: Actor, invitationId: unknown): Promise<CoachOutcome> {
  return revoking(db, invitationId, async (tx, old) => {
    const id = await issue(tx, actor, old.email, old.schools);
    await writeAudit(tx, {
      actor,
      action: "coach.invite_resend",
      target: { id: null, email: old.email },
      details: { invitation: id, replaces: old.id },
    });
    return ok(`Invitation sent to ${old.email} again. The earlier link no longer works.`);
  });
}

/** Staff withdraw a pending invitation. */
export function withdrawInvitation(db: Database, actor: Actor, invitationId: unknown): Promise<CoachOutcome> {
  return revoking(db, invitationId, async (tx, old) => {
    await writeAudit(tx, {
      actor,
      action: "coach.invite_withdraw",
      target: { id: null, email: old.email },
      details: { invitation: old.id },
    });
    return ok(`The invitation to ${old.email} was withdrawn.`);
  });
}

/**
 * Staff remove a coach (decision 0054): from one school (`schoolCode`) while they keep others, or altogether: then
 * their role and schools go, every session ends at once and their pending invitations are withdrawn.
 */
export async function removeCoach(
  db: Database,
  actor: Actor,
  input: { userId: unknown; schoolCode?: unknown },
): Promise<CoachOutcome> {
  if (typeof input.userId !== "string" || input.userId.length > 64) return refused("No such coach.", 404);
  const userId = input.userId;
  const [coach] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "coach")))
    .where(eq(users.id, userId));
  if (!coach) return refused("No such coach.", 404);
  const schools = await db
    .select({ code: coachSchools.schoolCode })
    .from(coachSchools)
    .where(eq(coachSchools.userId, userId));
  const code = typeof input.schoolCode === "string" && input.schoolCode ? input.schoolCode : null;
  if (code && schools.some((school) => school.code === code) && schools.length > 1) {
    await db.transaction(async (tx) => {
      await tx.delete(coachSchools).where(and(eq(coachSchools.userId, userId), eq(coachSchools.schoolCode, code)));
      await writeAudit(tx, { actor, action: "coach.school_remove", target: coach, details: { school: code } });
    });
    return ok(`${coach.email} no longer follows that school.`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(coachSchools).where(eq(coachSchools.userId, userId));
    await tx
      .update(coachInvitations)
      .set({ status: "revoked" })
      .where(and(eq(coachInvitations.email, coach.email), eq(coachInvitations.status, "pending")));
    await writeAudit(tx, {
      actor,
      action: "coach.remove",
      target: coach,
      details: { schools: schools.map((s) => s.code) },
    });
  });
  // Decision 0054: removal ends the coach's sessions at once (and forgets their trusted browsers).
  await endOtherSessions(db, userId);
  return ok(`${coach.email} is no longer a coach; their sessions have ended.`);
}

/** What the invitation page shows for a link. */
export type InvitationState =
  | { kind: "open"; email: string; schools: string[]; expiresAt: Date }
  | { kind: "used" }
  | { kind: "expired" }
  | { kind: "unknown" };

/** The invitation a link holds, by the hash of its token; never a row for a malformed token. */
async function invitationFor(db: Database | Transaction, token: string): Promise<CoachInvitation | null> {
  // The one private-link lookup (decision 0050); an invitation's token is random, so only its hash finds it.
  const where = linkTokenWhere("coach-invitation", token, {
    hash: coachInvitations.tokenHash,
    id: coachInvitations.id,
  });
  if (!where) return null;
  const [row] = await db.select().from(coachInvitations).where(where);
  return row ?? null;
}

export async function invitationState(db: Database, token: string, now = new Date()): Promise<InvitationState> {
  const row = await invitationFor(db, token);
  if (!row) return { kind: "unknown" };
  if (row.status !== "pending") return { kind: "used" };
  if (row.expiresAt <= now) return { kind: "expired" };
  return {
    kind: "open",
    email: row.email,
    schools: row.schools.map((school) => school.name),
    expiresAt: row.expiresAt,
  };
}

/** The answer to the invitation form. */
export type AcceptOutcome = { ok: true; email: string } | { ok: false; message: string; status: number };

/**
 * The coach accepts (decision 0054): the invitation is claimed (pending, not expired: once only, even under two
 * submits at once), the account is made with its name, password and the coach role, and given the schools; all
 * in one transaction, audited as the coach. The coach then signs in as anyone does.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  form: { name: unknown; password: unknown; confirmPassword: unknown },
  now = new Date(),
): Promise<AcceptOutcome> {
  const parsed = acceptSchema.safeParse(form);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, status: 400 };
  const problem = newPasswordProblem(parsed.data.password, parsed.data.confirmPassword, env().SITE_SHORT_NAME);
  if (problem) return { ok: false, message: problem.message, status: 400 };
  const found = await invitationFor(db, token);
  if (!found) return { ok: false, message: INVITATION_MESSAGES.unknown, status: 404 };
  const hash = await hashPassword(parsed.data.password);
  return claim(db, found, now, async (tx, claimed) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, claimed.email));
    if (taken) return rollback(INVITATION_MESSAGES.taken);
    const id = randomUUID();
    await tx.insert(users).values({ id, email: claimed.email, name: parsed.data.name, emailVerified: true });
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
    await tx.insert(userRoles).values({ userId: id, role: "coach" });
    await tx
      .insert(coachSchools)
      .values(claimed.schools.map((school) => ({ userId: id, schoolCode: school.code, schoolName: school.name })));
    await tx.update(coachInvitations).set({ userId: id }).where(eq(coachInvitations.id, claimed.id));
    // Other pending invitations to the same address are spent with this one.
    await tx
      .update(coachInvitations)
      .set({ status: "revoked" })
      .where(and(eq(coachInvitations.email, claimed.email), eq(coachInvitations.status, "pending")));
    await writeAudit(tx, {
      actor: { id, email: claimed.email },
      action: "coach.accept",
      target: { id, email: claimed.email },
      details: { invitation: claimed.id, schools: claimed.schools.map((school) => school.code) },
    });
    return { ok: true, email: claimed.email };
  });
}

/**
 * Claims a pending, unexpired invitation and runs `make` in the same transaction; a refusal `make` throws
 * (`rollback`) undoes the claim too.
 */
async function claim(
  db: Database,
  found: CoachInvitation,
  now: Date,
  make: (tx: Transaction, claimed: CoachInvitation) => Promise<AcceptOutcome>,
): Promise<AcceptOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(coachInvitations)
        .set({ status: "accepted", acceptedAt: now })
        .where(
          and(
            eq(coachInvitations.id, found.id),
            eq(coachInvitations.status, "pending"),
            gt(coachInvitations.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed)
        return {
          ok: false,
          message: found.status !== "pending" ? INVITATION_MESSAGES.used : INVITATION_MESSAGES.expired,
          status: 410,
        };
      return make(tx, claimed);
    });
  } catch (error) {
    if (error instanceof InvitationRefused) return { ok: false, message: error.message, status: 409 };
    throw error;
  }
}

/** An account made for the address since the invitation: nothing is written (the claim is rolled back). */
function rollback(message: string): never {
  throw new InvitationRefused(message);
}

class InvitationRefused extends Error {}

export const INVITATION_MESSAGES = {
  unknown: "This invitation link is not valid. Ask the district's staff to send a new one.",
  used: "This invitation was already used or withdrawn. Sign in, or ask the district's staff for a new one.",
  expired: `This invitation has expired (links work for ${INVITATION_DAYS} days). Ask the district's staff to send it again.`,
  taken: "An account with this address already exists. Sign in instead, or ask the district's staff.",
} as const;

/** Pending invitations and coaches per school code, for the staff lists. */
export type SchoolCoaches = {
  coaches: Array<{ userId: string; email: string; name: string; lastSignIn: Date | null }>;
  invitations: Array<{ id: string; email: string; expiresAt: Date; expired: boolean }>;
};

/** Every member school's coaches and pending invitations, by code. */
export async function coachesBySchool(db: Database, now = new Date()): Promise<Map<string, SchoolCoaches>> {
  const bySchool = new Map<string, SchoolCoaches>();
  const at = (code: string) => {
    let found = bySchool.get(code);
    if (!found) bySchool.set(code, (found = { coaches: [], invitations: [] }));
    return found;
  };
  const coaches = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      lastSignIn: users.lastSignInAt,
      code: coachSchools.schoolCode,
    })
    .from(coachSchools)
    .innerJoin(users, eq(users.id, coachSchools.userId))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "coach")))
    .orderBy(users.email);
  for (const row of coaches) at(row.code).coaches.push(row);
  const pending = await db
    .select()
    .from(coachInvitations)
    .where(inArray(coachInvitations.status, ["pending"]))
    .orderBy(coachInvitations.createdAt);
  for (const row of pending)
    for (const school of row.schools)
      at(school.code).invitations.push({
        id: row.id,
        email: row.email,
        expiresAt: row.expiresAt,
        expired: row.expiresAt <= now,
      });
  return bySchool;
}
