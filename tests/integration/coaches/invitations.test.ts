import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, coachInvitations, coachSchools, emailOutbox, sessions, userRoles, users } from "~/db/schema";
import { memberSchools } from "~/features/tournaments/schools.server";
import { loader as seasonLoader } from "~/routes/coach/season";
import { action as acceptAction, loader as acceptLoader } from "~/routes/public/coach-invitation";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { action as authAction } from "~/routes/public/auth";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase } from "#tests/support/testbed";
import { openTournamentTestbed } from "../tournaments/support";
import { answerOf, load, signedInCoach } from "./support";

/** Decision 0054: staff invite a coach by a single-use link that works 7 days; removal ends the coach's sessions. */
let database: TestDatabase;
let adminCookie = "";
const [first, second] = memberSchools();
const PASSWORD = "Orange!Grove27";

beforeAll(async () => {
  ({ database, adminCookie } = await openTournamentTestbed("coach-invitations"));
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(coachInvitations);
});

const staff = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  const request = new Request("http://localhost/admin/users", {
    method: "POST",
    headers: { Cookie: adminCookie },
    body,
  });
  return answerOf(() => usersAction({ request, context: database.context(), params: {} } as never));
};

/** Invites `email` and returns the token of the link in the email. */
async function invite(email: string, schools = [first!.code]) {
  expect((await staff({ intent: "coach-invite", email, school: schools, returnTo: "/admin/users" })).status).toBe(302);
  const mail = (await database.db.select().from(emailOutbox)).find((row) => row.to === email.trim().toLowerCase())!;
  expect(mail.subject).toBe("You are invited to coach on Citron Online District");
  return /\/coach\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

const accept = (token: string, fields: Record<string, string> = {}) =>
  answerOf(() =>
    acceptAction({
      request: browserRequest(`/coach/invitation/${token}`, "", {
        name: "Rivka Cohen",
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...fields,
      }),
      context: database.context(),
      params: { token },
    } as never),
  );

const page = (token: string) => load(database, acceptLoader, `/coach/invitation/${token}`, "", { token });

describe("a coach's invitation", () => {
  it("makes a coach account once, with its schools, by a link whose token is stored only as a hash", async () => {
    const token = await invite("Rivka@Example.org ", [first!.code, second!.code]);
    const [row] = await database.db.select().from(coachInvitations);
    expect(row).toMatchObject({ email: "rivka@example.org", status: "pending" });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await page(token)).toMatchObject({ status: 200 });
    expect((await page(token)).body).toContain(first!.name);

    expect(await accept(token)).toMatchObject({ status: 302 });
    const [account] = await database.db.select().from(users).where(eq(users.email, "rivka@example.org"));
    expect(account!.name).toBe("Rivka Cohen");
    expect(
      await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, account!.id)),
    ).toEqual([{ role: "coach" }]);
    expect(
      (await database.db.select().from(coachSchools).where(eq(coachSchools.userId, account!.id)))
        .map((s) => s.schoolCode)
        .sort(),
    ).toEqual([first!.code, second!.code].sort());

    // Single use: the same link again, or two at once, makes nothing more.
    expect(await accept(token, { name: "Someone Else" })).toMatchObject({ status: 410 });
    expect((await page(token)).status).toBe(410);
    expect(await database.db.select().from(users).where(eq(users.email, "rivka@example.org"))).toHaveLength(1);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetEmail, "rivka@example.org"));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["coach.accept", "coach.invite"]);

    // The new coach signs in on the same screen and lands on /coach.
    const signIn = await answerOf(() =>
      authAction({
        request: browserRequest("/auth", "", { intent: "sign-in", email: "rivka@example.org", password: PASSWORD }),
        context: database.context(),
        params: {},
      } as never),
    );
    expect(signIn).toMatchObject({ status: 302, location: "/coach" });
  });

  it("expires after 7 days; a resend makes a new link and the old one stops working", async () => {
    const token = await invite("late@example.org");
    await database.db.execute(sql`update coach_invitations set expires_at = now() - interval '1 minute'`);
    expect((await page(token)).status).toBe(410);
    expect(await accept(token)).toMatchObject({ status: 410 });
    expect(await database.db.select().from(users).where(eq(users.email, "late@example.org"))).toEqual([]);

    const [old] = await database.db.select().from(coachInvitations);
    await database.db.delete(emailOutbox);
    expect((await staff({ intent: "coach-resend", invitationId: old!.id })).status).toBe(302);
    const fresh = /\/coach\/invitation\/([A-Za-z0-9_-]+)/.exec(
      (await database.db.select().from(emailOutbox))[0]!.text,
    )![1]!;
    expect(fresh).not.toBe(token);
    expect(await accept(token)).toMatchObject({ status: 410 });
    expect(await accept(fresh)).toMatchObject({ status: 302 });
  });

  it("makes one account when the form is sent twice at once", async () => {
    const token = await invite("twice@example.org");
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
    expect(await database.db.select().from(users).where(eq(users.email, "twice@example.org"))).toHaveLength(1);
  });

  it("refuses bad input with a message and writes nothing", async () => {
    const token = await invite("careful@example.org");
    for (const [fields, status] of [
      [{ name: "" }, 400],
      [{ name: "<script>alert(1)</script>" }, 400],
      [{ name: "x".repeat(500) }, 400],
      [{ password: "short", confirmPassword: "short" }, 400],
      [{ confirmPassword: "Other!Grove27" }, 400],
    ] as const) {
      const answer = await accept(token, fields);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatch(/"error":"[^"]+"/);
    }
    expect((await accept("not-a-token")).status).toBe(404);
    expect((await accept("' or 1=1 --")).status).toBe(404);
    expect(await database.db.select().from(users).where(eq(users.email, "careful@example.org"))).toEqual([]);

    for (const fields of <Record<string, string>[]>[
      { email: "", school: first!.code },
      { email: "not an address", school: first!.code },
      { email: "ok@example.org" },
      { email: "ok@example.org", school: "NOPE" },
      { email: `${"a".repeat(300)}@example.org`, school: first!.code },
      // A staff account's address.
      { email: "director@example.org", school: first!.code },
    ]) {
      const answer = await staff({ intent: "coach-invite", ...fields });
      expect(answer.status).toBe(400);
    }
    expect(await database.db.select().from(coachInvitations)).toHaveLength(1);
    expect((await staff({ intent: "coach-resend", invitationId: "nope" })).status).toBe(404);
  });

  it("lists each school's coaches and invitations for staff", async () => {
    await invite("listed@example.org", [second!.code]);
    const answer = await load(database, usersLoader, "/admin/users", adminCookie);
    const data = JSON.parse(answer.body) as Awaited<ReturnType<typeof usersLoader>>;
    const school = data.coaches.find((row) => row.code === second!.code)!;
    expect(school.invitations.map((row) => row.email)).toContain("listed@example.org");
  });
});

describe("removing a coach", () => {
  it("ends their sessions at once, takes the role and is audited", async () => {
    const coach = await signedInCoach(database, "leaving@example.org", [first!]);
    expect((await load(database, seasonLoader, "/coach", coach.cookie)).status).toBe(200);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toHaveLength(1);

    expect((await staff({ intent: "coach-remove", userId: coach.id, schoolCode: first!.code })).status).toBe(302);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toEqual([]);
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, coach.id))).toEqual([]);
    const refused = await load(database, seasonLoader, "/coach", coach.cookie);
    expect(refused.status).toBe(302);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "coach.remove"));
    expect(entry).toMatchObject({ actorEmail: "director@example.org", targetEmail: "leaving@example.org" });
  });

  it("from one of several schools keeps the account and its other school", async () => {
    const coach = await signedInCoach(database, "two@example.org", [first!, second!]);
    expect((await staff({ intent: "coach-remove", userId: coach.id, schoolCode: first!.code })).status).toBe(302);
    expect((await load(database, seasonLoader, "/coach", coach.cookie)).status).toBe(200);
    expect(
      (await database.db.select().from(coachSchools).where(eq(coachSchools.userId, coach.id))).map((s) => s.schoolCode),
    ).toEqual([second!.code]);
  });

  it("never makes a coach staff by a role change", async () => {
    const coach = await signedInCoach(database, "stays@example.org", [first!]);
    expect((await staff({ intent: "role", userId: coach.id, role: "admin" })).status).toBe(400);
    expect(
      await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, coach.id)),
    ).toEqual([{ role: "coach" }]);
  });

  it("refuses a coach's own attempt at the staff's forms", async () => {
    const coach = await signedInAccount(database.db, "sneaky@example.org", "coach");
    const answer = await answerOf(() =>
      usersAction({
        request: browserRequest("/admin/users", coach.cookie, {
          intent: "coach-invite",
          email: "x@example.org",
          school: first!.code,
        }),
        context: database.context(),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(403);
  });
});
