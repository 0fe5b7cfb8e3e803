import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, sessions, verifications } from "~/db/schema";
import { signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { pruneExpiredAuthData } from "./cleanup.server";

describe("auth cleanup", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("removes expired sessions, tokens and old limiter rows, and keeps live ones", async () => {
    const account = await signedInAccount(database.db, "coach@example.org", "user");
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const twoDaysAgo = new Date(now.getTime() - 48 * 3600_000);
    await database.db.insert(sessions).values({ id: "old", token: "old-token", userId: account.id, expiresAt: past });
    await database.db.insert(verifications).values([
      { id: "v-old", identifier: "reset-password:old", value: account.id, expiresAt: past },
      {
        id: "v-live",
        identifier: "reset-password:live",
        value: account.id,
        expiresAt: new Date(now.getTime() + 3600_000),
      },
    ]);
    await database.db.insert(rateLimits).values([
      { key: "stale", resetAt: twoDaysAgo, hits: 3 },
      { key: "recent", resetAt: now, hits: 3 },
      {
        key: "still-blocked",
        resetAt: twoDaysAgo,
        hits: 0,
        failures: 12,
        blockedUntil: new Date(now.getTime() + 600_000),
      },
    ]);

    expect(await pruneExpiredAuthData(database.db, now)).toBe(3);
    expect((await database.db.select().from(sessions)).map((row) => row.id)).not.toContain("old");
    expect(await database.db.select().from(sessions)).toHaveLength(1);
    expect((await database.db.select().from(verifications)).map((row) => row.id)).toEqual(["v-live"]);
    expect((await database.db.select().from(rateLimits)).map((row) => row.key).sort()).toEqual([
      "recent",
      "still-blocked",
    ]);
  });
});
