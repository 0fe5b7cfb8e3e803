import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { storedRateLimitKey } from "~/db/rate-limit.server";
import { requestInfoContext } from "~/core/request-context";
import { rateLimits } from "~/db/schema";
import { action } from "~/routes/public/auth";
import { browserRequest, signedInAccount, TEST_PASSWORD } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { limits } from "~/features/accounts/sign-in/rate-limit.server";
import { DEVICE_COOKIE } from "~/features/accounts/sign-in/trusted-device.server";

const OWNER = "director@example.org";

/** The device id inside a device cookie (`name=<base64 JSON>.<signature>`). */
const deviceIdOf = (cookie: string) =>
  (
    JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!, "base64").toString()) as {
      d: string;
    }
  ).d;

describe("sign-in throttling by address and account, with the owner's device cookie", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-throttle-")),
        SESSION_SECRET: "t".repeat(40),
      }),
    );
    database = await createTestDatabase();
    await signedInAccount(database.db, OWNER, "admin");
    await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(async () => {
    await database.destroy();
    setEnvForTests(undefined);
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  async function signIn(from: string, password: string, options: { email?: string; cookie?: string } = {}) {
    const context = database.context();
    context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: from });
    const result = (await action({
      request: browserRequest("/auth", options.cookie ?? "", {
        intent: "sign-in",
        email: options.email ?? OWNER,
        password,
      }),
      context,
      params: {},
    } as never)) as Response | { init: ResponseInit | null };
    if (result instanceof Response) {
      const device = result.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
      return { status: result.status, device: device?.split(";")[0] };
    }
    return { status: result.init?.status ?? 200, device: undefined };
  }

  it("a stranger's failures slow down the stranger's address, not the owner's", async () => {
    for (let i = 0; i < 6; i++) await signIn("198.51.100.66", "Wrong!Guess1");
    // The stranger is slowed down, even with the right password (the old protection against guessing).
    expect((await signIn("198.51.100.66", TEST_PASSWORD)).status).toBe(429);
    // The owner, elsewhere, signs in at once.
    expect((await signIn("203.0.113.10", TEST_PASSWORD)).status).toBe(302);
  });

  it("the owner's browser with its device cookie gets in while strangers everywhere are locked out", async () => {
    const first = await signIn("203.0.113.10", TEST_PASSWORD);
    expect(first.status).toBe(302);
    expect(first.device).toBeTruthy();
    const setCookie = first.device!;
    // Guessing from many addresses fills the account's window for unknown browsers ...
    for (let i = 0; i < limits.signInFailuresPerAccount.max; i++) await signIn(`192.0.2.${i + 1}`, "Wrong!Guess1");
    expect((await signIn("192.0.2.200", TEST_PASSWORD)).status).toBe(429);
    expect((await signIn("203.0.113.10", TEST_PASSWORD)).status).toBe(429); // the owner's address, without the cookie
    // ... and even their own shared address is slowed down by a stranger there.
    for (let i = 0; i < 4; i++) await signIn("203.0.113.10", "Wrong!Guess1");
    // The owner's browser, with its cookie, still gets in.
    const known = await signIn("203.0.113.10", TEST_PASSWORD, { cookie: setCookie });
    expect(known.status).toBe(302);
    expect(deviceIdOf(known.device!)).toBe(deviceIdOf(setCookie)); // the same device id, renewed
  });

  it("a device cookie still slows guessing down (a stolen cookie does not guess freely)", async () => {
    const { device } = await signIn("203.0.113.10", TEST_PASSWORD);
    for (let i = 0; i < 3; i++)
      expect((await signIn("203.0.113.11", "Wrong!Guess1", { cookie: device })).status).toBe(401);
    expect((await signIn("203.0.113.11", TEST_PASSWORD, { cookie: device })).status).toBe(429);
  });

  it("honours a device cookie only for its own account, and only when the server signed it", async () => {
    const { device } = await signIn("203.0.113.10", TEST_PASSWORD);
    await database.db.insert(rateLimits).values({
      key: storedRateLimitKey("sign-in:email:coach@example.org"),
      resetAt: new Date(Date.now() + 60_000),
      hits: limits.signInFailuresPerAccount.max,
    });
    // The director's cookie does not open the coach's locked account.
    expect((await signIn("203.0.113.10", TEST_PASSWORD, { email: "coach@example.org", cookie: device })).status).toBe(
      429,
    );
    // A forged cookie (right shape, wrong signature) counts as none.
    const [name, value] = device!.split("=");
    const forged = `${name}=${value!.slice(0, -4)}AAAA`;
    const full = { resetAt: new Date(Date.now() + 60_000), hits: limits.signInFailuresPerAccount.max };
    await database.db
      .insert(rateLimits)
      .values({ key: storedRateLimitKey(`sign-in:email:${OWNER}`), ...full })
      .onConflictDoUpdate({ target: rateLimits.key, set: full });
    expect((await signIn("203.0.113.10", TEST_PASSWORD, { cookie: forged })).status).toBe(429);
    expect((await signIn("203.0.113.10", TEST_PASSWORD, { cookie: device })).status).toBe(302);
  });

  async function askReset(from: string, cookie = "") {
    const context = database.context();
    context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: from });
    const result = (await action({
      request: browserRequest("/auth", cookie, { intent: "forgot", email: OWNER }),
      context,
      params: {},
    } as never)) as { init: ResponseInit | null };
    return result.init?.status ?? 200;
  }

  it("a stranger's reset requests do not spend the owner's browser's allowance", async () => {
    const { device } = await signIn("203.0.113.10", TEST_PASSWORD);
    for (let i = 0; i < limits.resetPerEmail.max; i++) expect(await askReset(`192.0.2.${i + 1}`)).toBe(200);
    expect(await askReset("192.0.2.99")).toBe(429);
    expect(await askReset("203.0.113.10")).toBe(429); // the owner's address, without the cookie
    expect(await askReset("203.0.113.10", device)).toBe(200);
  });

  it("sets the device cookie for the whole site: the form posts to /auth.data and /masterdebater.data too", async () => {
    const context = database.context();
    context.set(requestInfoContext, { requestId: "test", nonce: "", clientAddress: "203.0.113.10" });
    const result = (await action({
      request: browserRequest("/auth.data", "", { intent: "sign-in", email: OWNER, password: TEST_PASSWORD }),
      context,
      params: {},
    } as never)) as Response;
    const line = result.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`) && !cookie.startsWith(`${DEVICE_COOKIE}=;`));
    expect(line).toMatch(/; Path=\/(;|$)/);
  });

  it("a parallel burst of guesses is counted before any password is checked (decision 0037)", async () => {
    // From one address: three free failures in a row, then the wait; the rest of the burst is refused unchecked.
    const fromOne = await Promise.all(Array.from({ length: 12 }, () => signIn("198.51.100.7", "Wrong!Guess1")));
    expect(fromOne.filter((result) => result.status === 401)).toHaveLength(3);
    expect(fromOne.filter((result) => result.status === 429)).toHaveLength(9);
    // From many addresses: no more than the account's window.
    await database.db.delete(rateLimits);
    const max = limits.signInFailuresPerAccount.max;
    const fromMany = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) => signIn(`192.0.2.${i + 1}`, "Wrong!Guess1")),
    );
    expect(fromMany.filter((result) => result.status === 401)).toHaveLength(max);
  });

  it("a success gives its count back: signing in often never fills the windows", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn("203.0.113.20", TEST_PASSWORD)).status).toBe(302);
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, storedRateLimitKey("sign-in:ip:203.0.113.20")));
    expect(row?.hits ?? 0).toBe(0);
  });
});
