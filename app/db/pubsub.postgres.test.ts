// test-class: postgres (a second pool and LISTEN connection on one PostgreSQL database, as another server process has)
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { nextMessage } from "#tests/support/notifications";
import { PubSub, publish } from "./pubsub.server";

describe("pubsub across processes (PostgreSQL)", () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  let busA: PubSub;
  let busB: PubSub;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A second pool and LISTEN connection, as another server process would have.
    other = await openDatabase({
      databaseUrl: (database.notifications as { url: string }).url,
      dataDir: "memory://",
      poolSize: 2,
    });
    busA = new PubSub(database.notifications);
    busB = new PubSub(other.notifications);
  });
  afterAll(async () => {
    await busA.close();
    await busB.close();
    await other.close();
    await database.destroy();
  });

  it("a change published through one connection reaches the other's listeners", async () => {
    const heard = await nextMessage(busB, "test_cross");
    await database.db.transaction((tx) => publish(tx, "test_cross", { id: "c" }));
    expect(await heard.message).toEqual({ id: "c" });
  });

  it("reconnects after the LISTEN connection drops and asks listeners to resync", async () => {
    let resynced = 0;
    const received: unknown[] = [];
    await busB.subscribe("test_reconnect", (payload) => received.push(payload), { onResync: () => (resynced += 1) });
    busB.simulateConnectionLoss();
    await vi.waitFor(() => expect(resynced).toBe(1), { timeout: 5000, interval: 20 });
    await publish(database.db, "test_reconnect", { after: true });
    await vi.waitFor(() => expect(received).toEqual([{ after: true }]), { timeout: 3000, interval: 10 });
    expect(resynced).toBe(1);
  });
});
