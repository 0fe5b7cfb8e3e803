import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { nextMessage } from "#tests/support/notifications";
import { MAX_PAYLOAD_BYTES, PubSub, publish } from "./pubsub.server";

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
      // Not before the commit: nothing to wait for, so a time to look.
      await new Promise((resolve) => setTimeout(resolve, 300)); // fixed wait: proving that nothing arrives
      expect(received).toEqual([]);
    });
    await vi.waitFor(() => expect(received).toEqual([{ op: "update", id: "a" }]), { timeout: 3000, interval: 10 });
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
    // Notifications arrive in commit order: once a later one is heard, the rolled-back one would have been.
    await publish(database.db, "test_rollback", { id: "later" });
    await vi.waitFor(() => expect(received).toEqual([{ id: "later" }]), { timeout: 3000, interval: 10 });
  });

  it("fans one notification out to every listener of the channel", async () => {
    const first = await nextMessage(bus, "test_fanout");
    const second = await nextMessage(bus, "test_fanout");
    await publish(database.db, "test_fanout", { n: 1 });
    expect(await Promise.all([first.message, second.message])).toEqual([{ n: 1 }, { n: 1 }]);
  });

  it("refuses bad channel names and oversized payloads", async () => {
    await expect(publish(database.db, "pages; drop table x", {})).rejects.toThrow(/Invalid notification channel/);
    await expect(publish(database.db, "pages", { big: "x".repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/too large/);
  });
});
