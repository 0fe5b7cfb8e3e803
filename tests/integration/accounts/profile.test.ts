import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToast } from "~/core/toast.server";
import { auditLog, rateLimits, sessions, verifications } from "~/db/schema";
import { action, loader } from "~/routes/admin/profile";
import { browserRequest, signedInAccount, TEST_PASSWORD } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { getAuth } from "~/features/accounts/auth.server";
import { limits } from "~/features/accounts/sign-in/rate-limit.server";
import { trustedDeviceCookie, trustedDeviceFor } from "~/features/accounts/sign-in/trusted-device.server";

describe("Profile", () => {
  let database: TestDatabase;
  let coach: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    coach = await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(() => database.destroy());

  const change = (form: Record<string, string>) => changeAs(coach.cookie, form);
  async function changeAs(cookie: string, form: Record<string, string>) {
    const result = (await action({
      request: browserRequest("/admin/profile", cookie, form),
      context: database.context(),
      params: {},
    } as never)) as Response | { data: { notice: { title: string; description?: string } }; init: ResponseInit | null };
    if (result instanceof Response) {
      // A change redirects to the page, with the new session cookie and the notice as a flash toast.
      const cookies = result.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      const { toast } = await readToast(
        new Request("http://citron.test/admin/profile", { headers: { Cookie: cookies } }),
      );
      return {
        status: result.status,
        location: result.headers.get("Location"),
        notice: toast!,
        headers: result.headers,
      };
    }
    return {
      status: result.init?.status ?? 200,
      location: null,
      notice: result.data.notice,
      headers: new Headers(result.init?.headers),
    };
  }

  it("shows the account's own information", async () => {
    const data = (await loader({
      request: browserRequest("/admin/profile", coach.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      profile: { id: string; email: string; role: string; created: string; lastSignIn: string | null };
    };
    expect(data.profile).toMatchObject({ id: coach.id, email: "coach@example.org", role: "user" });
    expect(data.profile.lastSignIn).toMatch(/, \d{1,2}:\d{2} [AP]M$/);
  });

  it("changes the password under the policy, with the current one, and ends the other sessions", async () => {
    expect(
      await change({ currentPassword: TEST_PASSWORD, password: "qwerty!A1x", confirmPassword: "qwerty!A1x" }),
    ).toMatchObject({
      status: 400,
      notice: {
        title: "Weak Password",
        description: "Password contains common patterns. Please choose a more secure password.",
      },
    });
    expect(
      (await change({ currentPassword: TEST_PASSWORD, password: "Brand!New2026", confirmPassword: "Brand!New2027" }))
        .notice.title,
    ).toBe("Password Mismatch");
    expect(
      (await change({ currentPassword: "Wrong!Guess1", password: "Brand!New2026", confirmPassword: "Brand!New2026" }))
        .notice,
    ).toMatchObject({
      title: "Password Update Error",
      description: "Your current password is incorrect.",
    });

    // A second session (another browser) ends when the password changes, and the browsers it trusted are forgotten:
    // a "Trust this browser" record (which skips the code) and a sign-in device cookie from before (decision 0037).
    await getAuth(database.db).api.signInEmail({ body: { email: "coach@example.org", password: TEST_PASSWORD } });
    await database.db.insert(verifications).values({
      id: "trust-1",
      identifier: "trust-device-abc",
      value: coach.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const oldDevice = (await trustedDeviceCookie("coach@example.org", null)).split(";")[0]!;
    const deviceFrom = (cookie: string) =>
      trustedDeviceFor(database.db, browserRequest("/auth", cookie), "coach@example.org");
    expect(await deviceFrom(oldDevice)).toBeTruthy();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toHaveLength(2);
    const done = await change({
      currentPassword: TEST_PASSWORD,
      password: "Brand!New2026",
      confirmPassword: "Brand!New2026",
    });
    expect(done).toMatchObject({ status: 302, location: "/admin/profile" });
    expect(done.notice).toMatchObject({
      title: "Password Updated Successfully",
      description: expect.stringContaining("Every other session of this account was signed out"),
    });
    expect(done.headers.get("Set-Cookie")).toMatch(/citron\.session_token=/);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toHaveLength(1);
    expect(await database.db.$count(verifications, eq(verifications.value, coach.id))).toBe(0);
    expect(await deviceFrom(oldDevice)).toBeNull();
    // This browser keeps a fresh one.
    const fresh = done.headers.getSetCookie().find((line) => line.startsWith("citron_device="))!;
    expect(await deviceFrom(fresh.split(";")[0]!)).toBeTruthy();
    await expect(
      getAuth(database.db).api.signInEmail({ body: { email: "coach@example.org", password: "Brand!New2026" } }),
    ).resolves.toBeTruthy();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "password.change"));
    expect(audit.map((row) => row.actorEmail)).toEqual(["coach@example.org"]);
  });

  it("limits wrong current passwords, so a stolen session cannot guess the password", async () => {
    const judge = await signedInAccount(database.db, "judge@example.org", "user");
    const changeAsJudge = (form: Record<string, string>) => changeAs(judge.cookie, form);
    const guess = { password: "Brand!New2026", confirmPassword: "Brand!New2026" };
    for (let attempt = 0; attempt < limits.passwordCheckPerAccount.max; attempt++) {
      expect((await changeAsJudge({ ...guess, currentPassword: `Wrong!Guess${attempt}` })).status).toBe(400);
    }
    // Now even the right password waits: the limit is on the account, not on the answer.
    const blocked = await changeAsJudge({ ...guess, currentPassword: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.notice.description).toMatch(
      /^Too many wrong current passwords\. Please wait \d+ minutes? and try again\.$/,
    );
    await database.db.delete(rateLimits);
    expect((await changeAsJudge({ ...guess, currentPassword: TEST_PASSWORD })).notice.title).toBe(
      "Password Updated Successfully",
    );
  });
});
