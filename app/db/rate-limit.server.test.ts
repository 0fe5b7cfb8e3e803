import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema/rate-limits";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import {
  checkRateLimit,
  claimAttempt,
  clearFailures,
  pruneRateLimits,
  retryAfterHeader,
  returnRateLimitHit,
  storedRateLimitKey,
  takeRateLimit,
} from "./rate-limit.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

const rule = { max: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

describe("the rate limiter", () => {
  it("allows max hits per window, then says how long to wait, then starts a new window", async () => {
    const db = database.db;
    for (let second = 0; second < 3; second++) {
      expect(await takeRateLimit(db, "test:ip:1", rule, at(second))).toEqual({ allowed: true });
    }
    expect(await takeRateLimit(db, "test:ip:1", rule, at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await checkRateLimit(db, "test:ip:1", rule, at(20))).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Another key has its own window.
    expect(await takeRateLimit(db, "test:ip:2", rule, at(20))).toEqual({ allowed: true });
    // The window ends 60 s after its first hit.
    expect(await checkRateLimit(db, "test:ip:1", rule, at(60))).toEqual({ allowed: true });
    expect(await takeRateLimit(db, "test:ip:1", rule, at(60))).toEqual({ allowed: true });
    expect(await takeRateLimit(db, "test:ip:1", rule, at(61))).toEqual({ allowed: true });
  });

  it("counts concurrent hits exactly", async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () => takeRateLimit(database.db, "test:burst", { max: 4, windowSeconds: 60 }, at(0))),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(4);
  });

  it("stores keys hashed, never the address", async () => {
    await takeRateLimit(database.db, "contact:ip:203.0.113.9", rule, at(0));
    const rows = await database.db.select().from(rateLimits);
    expect(rows.map((row) => row.key)).toEqual([storedRateLimitKey("contact:ip:203.0.113.9")]);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.9");
  });

  it("slows a failure streak down, counting each attempt before its check, and clears it on success", async () => {
    const db = database.db;
    const delay = (failures: number) => (failures >= 2 ? 30 : 0);
    expect(await claimAttempt(db, "test:account", delay, at(0))).toEqual({ allowed: true });
    // The second attempt is counted as a failure before it is checked: the wait starts at once.
    expect(await claimAttempt(db, "test:account", delay, at(1))).toEqual({ allowed: true });
    expect(await claimAttempt(db, "test:account", delay, at(2))).toEqual({ allowed: false, retryAfterSeconds: 29 });
    expect(await claimAttempt(db, "test:account", delay, at(31))).toEqual({ allowed: true });
    await clearFailures(db, "test:account");
    expect(await claimAttempt(db, "test:account", delay, at(32))).toEqual({ allowed: true });
    expect(await claimAttempt(db, "test:account", delay, at(33))).toEqual({ allowed: true });
  });

  it("lets no more than the free attempts of a parallel burst through", async () => {
    const delay = (failures: number) => (failures >= 3 ? 60 : 0);
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, () => claimAttempt(database.db, "test:burst", delay, at(0))),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(3);
  });

  it("gives a success's hit back", async () => {
    const small = { max: 2, windowSeconds: 60 };
    await takeRateLimit(database.db, "test:give-back", small, at(0));
    await takeRateLimit(database.db, "test:give-back", small, at(0));
    await returnRateLimitHit(database.db, "test:give-back");
    expect(await takeRateLimit(database.db, "test:give-back", small, at(1))).toEqual({ allowed: true });
    expect((await takeRateLimit(database.db, "test:give-back", small, at(1))).allowed).toBe(false);
  });

  it("prunes keys whose window and wait ended over a day ago", async () => {
    const now = at(0);
    const twoDaysAgo = new Date(now.getTime() - 48 * 3600_000);
    await database.db.insert(rateLimits).values([
      { key: "stale", resetAt: twoDaysAgo, hits: 3 },
      { key: "recent", resetAt: now, hits: 3 },
      { key: "blocked", resetAt: twoDaysAgo, hits: 0, failures: 9, blockedUntil: new Date(now.getTime() + 60_000) },
    ]);
    expect(await pruneRateLimits(database.db, now)).toBe(1);
    expect((await database.db.select().from(rateLimits)).map((row) => row.key).sort()).toEqual(["blocked", "recent"]);
  });

  it("words the Retry-After header", () => {
    expect(retryAfterHeader({ retryAfterSeconds: 42 })).toEqual({ "Retry-After": "42" });
  });
});
