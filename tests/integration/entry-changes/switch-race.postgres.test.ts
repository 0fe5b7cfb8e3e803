// test-class: postgres (switches at once, each waiting on the tournament's settings row lock: PGlite runs one at a time)
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { checkouts, orders, tournamentSettings } from "~/db/schema";
import { familyChange } from "~/features/entry-changes/changes.server";
import { entryLinkToken, entryScopeByToken } from "~/features/entry-changes/link.server";
import { createTestDatabase, type TestDatabase } from "../../support/database";
import { testEnv } from "../../support/testbed";

/**
 * Decision 0047 on PostgreSQL: eight families switch into the last two places of a capped event at the same moment.
 * Each switch counts the event's places under the tournament's settings row lock and moves its entry in the same
 * transaction, so exactly two get in and the cap is never passed; the others are refused with the event's "full".
 */
let database: TestDatabase;
const KEY = "2031-02-02|switch-race-cup";
const FROM = "Lincoln-Douglas (LD)";
const TO = "Extemporaneous Speaking";

beforeAll(async () => {
  setEnvForTests(testEnv("switch-race", { PUBLIC_URL: "https://citron.example" }));
  database = await createTestDatabase();
  await database.db
    .insert(tournamentSettings)
    .values({ key: KEY, title: "Switch Race Cup", date: "2031-02-02", caps: { [TO]: 2 } });
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});

/** A paid checkout of one entry, and its link's scope. */
async function paidEntry(n: number) {
  const [checkout] = await database.db
    .insert(checkouts)
    .values({
      kind: "shop",
      provider: "sandbox",
      status: "completed",
      email: `race-${n}@example.com`,
      totalAmount: 2500,
      publicTokenHash: `switch-race-${n}`,
      expiresAt: new Date(Date.now() + 3600_000),
    })
    .returning();
  const [order] = await database.db
    .insert(orders)
    .values({
      itemName: "Citron Tournament Entry Fee",
      totalAmount: 2500,
      customerEmail: `race-${n}@example.com`,
      status: "completed",
      studentName: `Racer ${n}`,
      studentSchool: "Hill School",
      tournamentName: "Switch Race Cup",
      tournamentDate: "2031-02-02",
      eventType: FROM,
      tournamentKey: KEY,
      checkoutId: checkout!.id,
      registration: { studentFirst: "Racer", studentLast: String(n), competitionEvent: FROM },
    })
    .returning();
  const scope = (await entryScopeByToken(database.db, await entryLinkToken(database.db, checkout!.id)))!;
  return { order: order!, scope };
}

describe("event switches into the last places at once (PostgreSQL)", () => {
  it("exactly the cap's places are taken; the rest are refused as full", async () => {
    const families = await Promise.all(Array.from({ length: 8 }, (_, n) => paidEntry(n)));
    const outcomes = await Promise.all(
      families.map(({ order, scope }) =>
        familyChange(database.db, scope, { intent: "event", orderId: order.id, event: TO }, "2031-01-01"),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.message)).toEqual(
      Array.from({ length: 6 }, () => `${TO} at Switch Race Cup is full.`),
    );
    const [moved] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.tournamentKey, KEY), eq(orders.eventType, TO)));
    expect(moved!.count).toBe(2);
  });
});
