import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { MAX_PAYLOAD_BYTES, PubSub, publish } from "./pubsub.server";

function nextMessage(bus: PubSub, channel: string, timeoutMs = 3000) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no notification")), timeoutMs);
    void bus.subscribe(channel, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("pubsub (LISTEN/NOTIFY)", () => {
  let database: TestDatabase;
  let bus: PubSub;

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = new PubSub(database.notifications);
  });
  afterAll(async () => {
    await bus.close();
    await database.destroy();
  });

  it("delivers a notification sent inside a transaction once it commits", async () => {
    const received: unknown[] = [];
    const unsubscribe = await bus.subscribe("test_commit", (payload) => received.push(payload));
    await database.db.transaction(async (tx) => {
      await publish(tx, "test_commit", { op: "update", id: "a" });
      await settle();
      // Not before the commit.
      expect(received).toEqual([]);
    });
    await settle();
    expect(received).toEqual([{ op: "update", id: "a" }]);
    unsubscribe();
    expect(bus.listenerCount("test_commit")).toBe(0);
  });

  it("sends nothing when the transaction rolls back", async () => {
    const received: unknown[] = [];
    await bus.subscribe("test_rollback", (payload) => received.push(payload));
    await database.db
      .transaction(async (tx) => {
        await publish(tx, "test_rollback", { id: "b" });
        await tx.update(products).set({ name: "x" }).where(eq(products.name, "nothing"));
        throw new Error("roll back");
      })
      .catch(() => {});
    await settle();
    expect(received).toEqual([]);
  });

  it("fans one notification out to every listener of the channel", async () => {
    const first = nextMessage(bus, "test_fanout");
    const second = nextMessage(bus, "test_fanout");
    await settle();
    await publish(database.db, "test_fanout", { n: 1 });
    expect(await Promise.all([first, second])).toEqual([{ n: 1 }, { n: 1 }]);
  });

  it("refuses bad channel names and oversized payloads", async () => {
    await expect(publish(database.db, "pages; drop table x", {})).rejects.toThrow(/Invalid notification channel/);
    await expect(publish(database.db, "pages", { big: "x".repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/too large/);
  });
});
