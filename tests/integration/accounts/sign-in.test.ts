import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storedRateLimitKey } from "~/db/rate-limit.server";
import { emailOutbox, rateLimits, sessions, verifications } from "~/db/schema";
import { action, loader } from "~/routes/public/auth";
import { action as signOutAction } from "~/routes/public/sign-out";
import { browserRequest, signedInAccount, TEST_PASSWORD } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { getSessionUser } from "~/features/accounts/guards.server";
import { resetVerificationIdentifiers } from "~/features/accounts/auth.server";

type Reply = { intent: string; notice: { title: string; description?: string } };

/** Runs the /auth action as a browser would post the form. */
async function post(database: TestDatabase, form: Record<string, string>, cookie = "") {
  const result = (await action({
    request: browserRequest("/auth", cookie, form),
    context: database.context(),
    params: {},
  } as never)) as Response | { data: Reply; init: ResponseInit | null };
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), cookies: result.headers.getSetCookie() };
  return { status: result.init?.status ?? 200, reply: result.data };
}

function cookieHeader(setCookies: string[]) {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

describe("/auth: sign in, limits and password reset", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await signedInAccount(database.db, "coach@example.org", "user");
    await signedInAccount(database.db, "noaccess@example.org", null);
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  it("signs in with the right password, sets an HttpOnly SameSite=Lax cookie and goes back", async () => {
    const result = await post(database, {
      intent: "sign-in",
      email: "Coach@Example.org",
      password: TEST_PASSWORD,
      redirectTo: "/admin/donations",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/donations");
    const session = result.cookies!.find((line) => line.startsWith("citron.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(browserRequest("/orders", cookieHeader(result.cookies!)), database.context());
    expect(user?.email).toBe("coach@example.org");
  });

  it("never redirects off the site after signing in", async () => {
    const result = await post(database, {
      intent: "sign-in",
      email: "coach@example.org",
      password: TEST_PASSWORD,
      redirectTo: "//evil.example",
    });
    expect(result.location).toBe("/orders");
  });

  it("answers a wrong password or unknown address with Account Not Found (401)", async () => {
    for (const email of ["coach@example.org", "nobody@example.org"]) {
      const result = await post(database, { intent: "sign-in", email, password: "Wrong!Guess1" });
      expect(result.status).toBe(401);
      expect(result.reply?.notice).toEqual({
        type: "error",
        title: "Account Not Found",
        description: "This account doesn't exist yet. Please sign up first or check your credentials.",
      });
    }
  });

  it("refuses an account whose role was removed, with Sign In Error", async () => {
    const result = await post(database, { intent: "sign-in", email: "noaccess@example.org", password: TEST_PASSWORD });
    expect(result.status).toBe(403);
    expect(result.reply?.notice.title).toBe("Sign In Error");
    expect(result.reply?.notice.description).toMatch(/no access/);
  });

  it("slows an account down after three failures in a row, even with the right password", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await post(database, { intent: "sign-in", email: "coach@example.org", password: "Wrong!Guess1" });
    }
    const blocked = await post(database, { intent: "sign-in", email: "coach@example.org", password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.reply?.notice.title).toBe("Sign In Error");
    expect(blocked.reply?.notice.description).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/,
    );
    // Once the wait is over, the right password works and ends the streak.
    await database.db.update(rateLimits).set({ blockedUntil: new Date(Date.now() - 1000) });
    expect(
      (await post(database, { intent: "sign-in", email: "coach@example.org", password: TEST_PASSWORD })).status,
    ).toBe(302);
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, storedRateLimitKey("sign-in:email:coach@example.org:ip:unknown")));
    expect(row?.failures).toBe(0);
  });

  it("limits failures per IP address", async () => {
    await database.db
      .insert(rateLimits)
      .values({ key: storedRateLimitKey("sign-in:ip:unknown"), resetAt: new Date(Date.now() + 60_000), hits: 60 });
    const result = await post(database, { intent: "sign-in", email: "coach@example.org", password: TEST_PASSWORD });
    expect(result.status).toBe(429);
  });

  it("sends a reset email only for a known address, and says the same either way", async () => {
    await database.db.delete(emailOutbox);
    const unknown = await post(database, { intent: "forgot", email: "nobody@example.org" });
    const known = await post(database, { intent: "forgot", email: "coach@example.org" });
    expect(unknown.reply?.notice).toEqual(known.reply?.notice);
    expect(known.reply?.notice).toMatchObject({ title: "Reset Email Sent" });
    expect(known.reply?.notice.description).toContain(
      "If this email exists in our system, you will receive reset instructions.",
    );
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual(["coach@example.org"]);
    expect(mails[0]!.text).toMatch(/\/auth\?reset=true&token=[\w-]+/);
  });

  it("checks the address and limits reset requests per address", async () => {
    expect((await post(database, { intent: "forgot", email: "not-an-email" })).reply?.notice).toEqual({
      type: "error",
      title: "Invalid Email",
      description: "Please enter a valid email address.",
    });
    for (let i = 0; i < 3; i++)
      expect((await post(database, { intent: "forgot", email: "coach@example.org" })).status).toBe(200);
    const fourth = await post(database, { intent: "forgot", email: "coach@example.org" });
    expect(fourth.status).toBe(429);
    expect(fourth.reply?.notice).toMatchObject({
      title: "Too Many Requests",
      description: "Please wait a few minutes before requesting another password reset.",
    });
  });

  it("caps reset emails for one account per day, from every address together (decision 0044)", async () => {
    await database.db.delete(emailOutbox);
    await database.db.delete(rateLimits);
    // Ten requests earlier today, each from another address (so no 15 minutes' or address limit is near).
    await database.db.insert(rateLimits).values({
      key: storedRateLimitKey("reset:email-day:coach@example.org"),
      resetAt: new Date(Date.now() + 20 * 60 * 60_000),
      hits: 10,
    });
    const eleventh = await post(database, { intent: "forgot", email: "coach@example.org" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.reply?.notice).toMatchObject({ title: "Too Many Requests" });
    expect(await database.db.$count(emailOutbox)).toBe(0);
  });

  it("sets a new password once with the emailed token, then signs in and goes to /orders", async () => {
    await database.db.delete(emailOutbox);
    await post(database, { intent: "forgot", email: "coach@example.org" });
    const [mail] = await database.db.select().from(emailOutbox);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;

    const page = (await loader({
      request: browserRequest(`/auth?reset=true&token=${token}`, ""),
      context: database.context(),
      params: {},
    } as never)) as {
      mode: string;
      tokenValid: boolean;
    };
    expect(page).toMatchObject({ mode: "reset", tokenValid: true });

    const weak = await post(database, { intent: "set-password", token, password: "citron", confirmPassword: "citron" });
    expect(weak.reply?.notice).toMatchObject({
      title: "Weak Password",
      description: "Password must be at least 8 characters long.",
    });
    const mismatch = await post(database, {
      intent: "set-password",
      token,
      password: "Fresh!Start2026",
      confirmPassword: "Fresh!Start2027",
    });
    expect(mismatch.reply?.notice).toMatchObject({
      title: "Password Mismatch",
      description: "Passwords do not match. Please try again.",
    });

    const done = await post(database, {
      intent: "set-password",
      token,
      password: "Fresh!Start2026",
      confirmPassword: "Fresh!Start2026",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/orders");
    expect(done.cookies!.some((line) => line.startsWith("citron.session_token="))).toBe(true);

    const again = await post(database, {
      intent: "set-password",
      token,
      password: "Other!Start2026",
      confirmPassword: "Other!Start2026",
    });
    expect(again.reply?.notice.title).toBe("Password Update Error");
    expect(
      (await post(database, { intent: "sign-in", email: "coach@example.org", password: "Fresh!Start2026" })).status,
    ).toBe(302);
    const audit = await database.db.execute(
      sql`select action, actor_email from audit_log where action = 'password.reset'`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { action: "password.reset", actor_email: "coach@example.org" },
    ]);
  });

  it("stores a reset token only hashed: the table opens no reset link (decision 0044)", async () => {
    await database.db.delete(emailOutbox);
    await database.db.delete(rateLimits);
    await post(database, { intent: "forgot", email: "coach@example.org" });
    const [mail] = await database.db.select().from(emailOutbox);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const stored = JSON.stringify(await database.db.select().from(verifications));
    expect(stored).not.toContain(token);
    const [hashed] = await resetVerificationIdentifiers(token);
    expect(stored).toContain(hashed);
    // The stored identifier is no token: used as one it opens nothing.
    const page = (await loader({
      request: browserRequest(`/auth?reset=true&token=${encodeURIComponent(hashed!)}`, ""),
      context: database.context(),
      params: {},
    } as never)) as { tokenValid: boolean };
    expect(page.tokenValid).toBe(false);
  });

  it("refuses an expired token", async () => {
    await database.db.delete(emailOutbox);
    await database.db.delete(rateLimits);
    await post(database, { intent: "forgot", email: "coach@example.org" });
    const [mail] = await database.db.select().from(emailOutbox);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(verifications.identifier, await resetVerificationIdentifiers(token)));
    const result = await post(database, {
      intent: "set-password",
      token,
      password: "Late!Again2026",
      confirmPassword: "Late!Again2026",
    });
    expect(result.reply?.notice).toMatchObject({ title: "Password Update Error" });
  });

  it("sends a signed-in visitor to /orders, except in Set New Password mode", async () => {
    const signIn = await post(database, { intent: "sign-in", email: "coach@example.org", password: "Fresh!Start2026" });
    const cookie = cookieHeader(signIn.cookies!);
    await expect(
      loader({ request: browserRequest("/auth", cookie), context: database.context(), params: {} } as never),
    ).rejects.toMatchObject({
      status: 302,
    });
    const reset = (await loader({
      request: browserRequest("/auth?reset=true", cookie),
      context: database.context(),
      params: {},
    } as never)) as { mode: string };
    expect(reset.mode).toBe("reset");
  });

  it("signs out: the session row ends, the cookie is cleared and the visitor goes home", async () => {
    const signIn = await post(database, { intent: "sign-in", email: "coach@example.org", password: "Fresh!Start2026" });
    const cookie = cookieHeader(signIn.cookies!);
    const before = await database.db.select().from(sessions);
    const response = (await signOutAction({
      request: browserRequest("/auth/sign-out", cookie, {}),
      context: database.context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().find((line) => line.startsWith("citron.session_token="))).toMatch(
      /Max-Age=0/i,
    );
    expect(await database.db.select().from(sessions)).toHaveLength(before.length - 1);
    expect(await getSessionUser(browserRequest("/orders", cookie), database.context())).toBeNull();
  });
});

describe("sign-out failure", () => {
  it("stays on the page with Failed to sign out.", async () => {
    const database = await createTestDatabase();
    try {
      const account = await signedInAccount(database.db, "coach@example.org", "user");
      // The session table is gone: ending the session fails.
      await database.db.execute(sql`alter table sessions rename to sessions_gone`);
      const request = browserRequest("/auth/sign-out", account.cookie, {});
      request.headers.set("Referer", "http://localhost/admin/profile");
      const response = (await signOutAction({ request, context: database.context(), params: {} } as never)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/profile");
      const flash = response.headers.getSetCookie().find((line) => line.startsWith("toast="));
      expect(flash).toBeTruthy();
      const { readToast } = await import("~/core/toast.server");
      const { toast } = await readToast(
        new Request("http://localhost/", { headers: { Cookie: flash!.split(";")[0]! } }),
      );
      expect(toast).toEqual({ type: "error", title: "Failed to sign out." });
    } finally {
      await database.destroy();
    }
  });
});
