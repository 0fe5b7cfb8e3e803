import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { requestInfoContext } from "~/core/request-context";
import { auditLog, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import { action as profileAction, loader as profileLoader } from "~/routes/admin/profile";
import { action as usersAction } from "~/routes/admin/users";
import { action as authAction } from "~/routes/public/auth";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { browserRequest, signedInAccount, TEST_PASSWORD } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { getSessionUser } from "~/features/accounts/guards.server";
import { resetTwoFactor } from "~/features/accounts/sign-in/two-factor.server";

const ADMIN = "director@example.org";
const envFor = (extra: Record<string, string> = {}) =>
  parseEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-2fa-")),
    SESSION_SECRET: "f".repeat(40),
    ...extra,
  });

/** A browser's cookies: what Set-Cookie headers leave behind. */
class Jar {
  cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some(
        (part) => /max-age=0\b/i.test(part.trim()) || /expires=Thu, 01 Jan 1970/i.test(part.trim()),
      );
      if (expired || value.join("=") === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

type Answer = {
  status: number;
  location?: string | null;
  data?: { notice?: { description?: string }; ok?: boolean; secret?: string; backupCodes?: string[] };
};

describe("two-factor sign-in for admins", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    setEnvForTests(envFor());
    database = await createTestDatabase();
    await signedInAccount(database.db, ADMIN, "admin");
  });
  afterAll(async () => {
    await database.destroy();
    setEnvForTests(undefined);
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  async function call(
    fn: (args: never) => Promise<unknown>,
    pathName: string,
    jar: Jar,
    form: Record<string, string>,
    address = "203.0.113.20",
  ): Promise<Answer> {
    const context = database.context();
    context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: address });
    let result: unknown;
    try {
      result = await fn({ request: browserRequest(pathName, jar.header, form), context, params: {} } as never);
    } catch (thrown) {
      result = thrown;
    }
    if (result instanceof Response) {
      jar.take(result.headers);
      return { status: result.status, location: result.headers.get("Location") };
    }
    const { data, init } = result as { data: Answer["data"]; init: ResponseInit | null };
    if (init?.headers) jar.take(new Headers(init.headers));
    return { status: init?.status ?? 200, data };
  }

  const signInWithPassword = (jar: Jar, address?: string) =>
    call(
      authAction,
      "/auth",
      jar,
      { intent: "sign-in", email: ADMIN, password: TEST_PASSWORD, redirectTo: "/admin/donations" },
      address,
    );
  const enterCode = (jar: Jar, code: string, extra: Record<string, string> = {}, address?: string) =>
    call(authAction, "/auth", jar, { intent: "verify-code", code, redirectTo: "/admin/donations", ...extra }, address);
  const signedInUserId = async (jar: Jar) =>
    (await getSessionUser(browserRequest("/orders", jar.header), database.context()))?.id ?? null;
  const signedIn = async (jar: Jar) =>
    (await getSessionUser(browserRequest("/orders", jar.header), database.context()))?.email ?? null;

  let secret = "";
  let recoveryCodes: string[] = [];
  const totp = async (offsetSteps = 0) => {
    const raw = new TextDecoder().decode(base32.decode(secret));
    return createOTP(raw).hotp(Math.floor(Date.now() / 30_000) + offsetSteps);
  };

  it("the setup's password check is limited, and a parallel burst is counted before any check (decision 0037)", async () => {
    const jar = new Jar();
    await signInWithPassword(jar);
    const burst = await Promise.all(
      Array.from({ length: 15 }, () =>
        call(profileAction, "/admin/profile", jar, { intent: "2fa-start", password: "Wrong!Guess1" }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 400)).toHaveLength(10);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(5);
  });

  it("an admin sets it up on the profile page: password, then the app's first code", async () => {
    const jar = new Jar();
    expect((await signInWithPassword(jar)).location).toBe("/admin/donations");
    expect(
      await call(profileAction, "/admin/profile", jar, { intent: "2fa-start", password: "Wrong!Guess1" }),
    ).toMatchObject({ status: 400 });
    const started = await call(profileAction, "/admin/profile", jar, { intent: "2fa-start", password: TEST_PASSWORD });
    expect(started.status).toBe(200);
    secret = started.data!.secret!;
    recoveryCodes = started.data!.backupCodes!;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(recoveryCodes).toHaveLength(10);
    // Not on until a code from the app is entered.
    expect((await database.db.select().from(users).where(eq(users.email, ADMIN)))[0]!.twoFactorEnabled).toBe(false);
    const wrong = await call(profileAction, "/admin/profile", jar, { intent: "2fa-confirm", code: "000000" });
    expect(wrong.status).toBe(401);
    // A session opened elsewhere with the password alone, before the enrolment ...
    const before = new Jar();
    await signInWithPassword(before, "198.51.100.9");
    expect(await signedIn(before)).toBe(ADMIN);
    const on = await call(profileAction, "/admin/profile", jar, { intent: "2fa-confirm", code: await totp() });
    expect(on).toMatchObject({ status: 302, location: "/admin/profile" });
    expect((await database.db.select().from(users).where(eq(users.email, ADMIN)))[0]!.twoFactorEnabled).toBe(true);
    // The session was renewed and still works; the other one ended (decision 0037).
    expect(await signedIn(jar)).toBe(ADMIN);
    expect(await signedIn(before)).toBeNull();
    expect(await database.db.$count(sessions, eq(sessions.userId, (await signedInUserId(jar))!))).toBe(1);
  });

  it("then the password alone opens no session: the code step does; a wrong code and a reused code are refused", async () => {
    const jar = new Jar();
    const password = await signInWithPassword(jar);
    expect(password.location).toBe("/auth?step=code&redirectTo=%2Fadmin%2Fdonations");
    expect(await signedIn(jar)).toBeNull();

    const wrong = await enterCode(jar, "123456");
    expect(wrong.status).toBe(401);
    expect(wrong.data?.notice?.description).toMatch(/not right/);
    expect(await signedIn(jar)).toBeNull();

    const code = await totp();
    expect(await enterCode(jar, code)).toMatchObject({ status: 302, location: "/admin/donations" });
    expect(await signedIn(jar)).toBe(ADMIN);

    // Someone who saw the code and knows the password, in the same 30 seconds: refused, and no session is left.
    const other = new Jar();
    await signInWithPassword(other, "198.51.100.40");
    const sessionsBefore = await database.db.$count(sessions);
    const reused = await enterCode(other, code, {}, "198.51.100.40");
    expect(reused.status).toBe(401);
    expect(reused.data?.notice?.description).toMatch(/already used/);
    expect(await signedIn(other)).toBeNull();
    expect(await database.db.$count(sessions)).toBe(sessionsBefore);
  });

  it('"Trust this browser" skips the code on that browser only', async () => {
    const jar = new Jar();
    await signInWithPassword(jar);
    // The next step's code: the current one was used by the test before (a TOTP window spans a step either side).
    expect(await enterCode(jar, await totp(1), { trustDevice: "on" })).toMatchObject({ status: 302 });
    jar.cookies.delete([...jar.cookies.keys()].find((name) => name.endsWith("session_token"))!);
    expect((await signInWithPassword(jar)).location).toBe("/admin/donations");
    expect(await signedIn(jar)).toBe(ADMIN);
    expect((await signInWithPassword(new Jar())).location).toMatch(/^\/auth\?step=code/);
  });

  it("a recovery code signs in once", async () => {
    const jar = new Jar();
    await signInWithPassword(jar);
    expect(await enterCode(jar, recoveryCodes[0]!)).toMatchObject({ status: 302 });
    expect(await signedIn(jar)).toBe(ADMIN);
    const again = new Jar();
    await signInWithPassword(again);
    expect((await enterCode(again, recoveryCodes[0]!)).status).toBe(401);
    expect(await signedIn(again)).toBeNull();
  });

  it("a parallel burst of codes for one challenge is counted before they are checked (decision 0037)", async () => {
    const jar = new Jar();
    await signInWithPassword(jar);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => enterCode(jar, String(300000 + i))));
    expect(burst.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(5);
    expect(burst.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(7);
    await database.db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null });
  });

  it("five wrong codes spend the challenge; codes from one address are limited", async () => {
    const jar = new Jar();
    await signInWithPassword(jar);
    for (let i = 0; i < 5; i++) expect((await enterCode(jar, String(100000 + i))).status).toBe(401);
    const spent = await enterCode(jar, await totp());
    expect(spent.status).toBe(429);
    expect(spent.data?.notice?.description).toMatch(/sign in again/);
    expect(await signedIn(jar)).toBeNull();

    // Thirty codes from one address in 15 minutes, then 429 whatever the code.
    await database.db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null });
    const address = "192.0.2.77";
    for (let round = 0; round < 6; round++) {
      const attempt = new Jar();
      await signInWithPassword(attempt, address);
      for (let i = 0; i < 5; i++) await enterCode(attempt, String(200000 + i), {}, address);
    }
    const limited = new Jar();
    await signInWithPassword(limited, address);
    const refused = await enterCode(limited, await totp(), {}, address);
    expect(refused.status).toBe(429);
    expect(refused.data?.notice?.description).toMatch(/Too many codes/);
    await database.db.update(twoFactors).set({ failedVerificationCount: 0, lockedUntil: null });
  });

  it("another admin's reset turns it off, ends the sessions and is audited", async () => {
    const [target] = await database.db.select().from(users).where(eq(users.email, ADMIN));
    await resetTwoFactor(
      database.db,
      { id: null, email: "second-admin@example.org" },
      { id: target!.id, email: ADMIN },
    );
    expect((await database.db.select().from(users).where(eq(users.email, ADMIN)))[0]!.twoFactorEnabled).toBe(false);
    expect(await database.db.$count(twoFactors)).toBe(0);
    expect(await database.db.$count(sessions, eq(sessions.userId, target!.id))).toBe(0);
    // "Trust this browser" (an earlier test) is forgotten: after setting up again, that browser is asked for a code.
    expect(
      await database.db.$count(
        verifications,
        and(eq(verifications.value, target!.id), like(verifications.identifier, "trust-device-%")),
      ),
    ).toBe(0);
    expect(await database.db.$count(auditLog, eq(auditLog.action, "user.two_factor_reset"))).toBe(1);
    const jar = new Jar();
    expect((await signInWithPassword(jar)).location).toBe("/admin/donations");
  });

  it("on Users, another admin resets it (audited), but not their own nor the protected admin's", async () => {
    const second = await signedInAccount(database.db, "second-admin@example.org", "admin");
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, second.id));
    await database.db.insert(twoFactors).values({ id: "tf-second", userId: second.id, secret: "x", backupCodes: "y" });
    const director = new Jar();
    await signInWithPassword(director);
    const [me] = await database.db.select().from(users).where(eq(users.email, ADMIN));
    expect(await call(usersAction, "/admin/users", director, { intent: "reset-2fa", userId: me!.id })).toMatchObject({
      status: 403,
    });
    const done = await call(usersAction, "/admin/users", director, { intent: "reset-2fa", userId: second.id });
    expect(done).toMatchObject({ status: 200, data: { ok: true } });
    expect((await database.db.select().from(users).where(eq(users.id, second.id)))[0]!.twoFactorEnabled).toBe(false);
    expect(await database.db.$count(twoFactors, eq(twoFactors.userId, second.id))).toBe(0);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetEmail, "second-admin@example.org"));
    expect(audit).toMatchObject({ action: "user.two_factor_reset", actorEmail: ADMIN });
    // Another admin may not reset the protected admin's (the command line does).
    await signedInAccount(database.db, "third-admin@example.org", "admin");
    const third = new Jar();
    await call(authAction, "/auth", third, {
      intent: "sign-in",
      email: "third-admin@example.org",
      password: TEST_PASSWORD,
    });
    expect(await call(usersAction, "/admin/users", third, { intent: "reset-2fa", userId: me!.id })).toMatchObject({
      status: 403,
    });
  });

  it("where required, an admin without it sees only the setup until it is on", async () => {
    setEnvForTests(envFor({ ADMIN_TWO_FACTOR: "required" }));
    try {
      const jar = new Jar();
      await signInWithPassword(jar);
      const orders = await call(async (args) => ordersLoader(args), "/orders", jar, {}).catch(
        (error: unknown) => error,
      );
      expect(orders).toMatchObject({ status: 302, location: "/admin/profile?setup=two-factor" });
      const context = database.context();
      const profile = (await profileLoader({
        request: browserRequest("/admin/profile?setup=two-factor", jar.header),
        context,
        params: {},
      } as never)) as {
        twoFactor: { required: boolean; enabled: boolean };
      };
      expect(profile.twoFactor).toEqual({ required: true, enabled: false, asked: true });
    } finally {
      setEnvForTests(envFor());
    }
  });
});
