import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { PubSub } from "~/db/pubsub.server";
import { closeAllStreams, eventStream, openStreamCount } from "~/core/sse.server";
import { products } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import {
  feedsOpenFrom,
  openFeedCount,
  productFeedResponse,
  publishProductChanges,
  setFeedPubSubForTests,
} from "./feed.server";

const limits = { perAddress: 3, total: 5, lifetimeMs: 60_000 };

/** Reads a feed's text until `pattern` shows (or fails after a while). */
function reader(response: Response) {
  const stream = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  return {
    async until(pattern: RegExp, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        const next = await Promise.race([
          stream.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`timed out; got ${text}`)), Math.max(1, deadline - Date.now())),
          ),
        ]);
        if (next.done) throw new Error(`ended; got ${text}`);
        text += next.value;
      }
      return text;
    },
    cancel: () => stream.cancel(),
  };
}

/** Waits (up to 5 s) until `check` holds: a feed's cleanup runs once its subscription (a LISTEN) is in place. */
async function eventually(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 20 });
}

describe("the live product feed's limits", () => {
  let database: TestDatabase;
  let bus: PubSub;

  beforeAll(async () => {
    setEnvForTests(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-feed-")),
        SESSION_SECRET: "s".repeat(40),
      }),
    );
    database = await createTestDatabase();
    bus = new PubSub(database.notifications);
    setFeedPubSubForTests(bus);
  });
  afterAll(async () => {
    closeAllStreams();
    await bus.close();
    await database.destroy();
    setEnvForTests(undefined);
  });

  it("caps feeds per client address (429) and in all (503), and frees a place when a feed ends", async () => {
    const controllers: AbortController[] = [];
    const open = (address: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      return productFeedResponse(
        new Request("http://localhost/products/feed", { signal: controller.signal }),
        database.db,
        address,
        limits,
      );
    };
    const mine = [open("203.0.113.1"), open("203.0.113.1"), open("203.0.113.1")];
    expect(mine.map((response) => response.status)).toEqual([200, 200, 200]);
    const fourth = open("203.0.113.1");
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await fourth.text()).toMatch(/Too many live product feeds/);
    expect(feedsOpenFrom("203.0.113.1")).toBe(3);

    expect([open("198.51.100.1").status, open("198.51.100.2").status]).toEqual([200, 200]);
    expect(open("198.51.100.3").status).toBe(503);

    // One of mine hangs up: its place is free again.
    controllers[0]!.abort();
    await eventually(() => feedsOpenFrom("203.0.113.1") === 2);
    expect(open("203.0.113.1").status).toBe(200);
    for (const controller of controllers) controller.abort();
    await eventually(() => openFeedCount() === 0 && feedsOpenFrom("203.0.113.1") === 0);
  });

  it("tells listeners a switched-off product is gone, without its details", async () => {
    const [hidden] = await database.db
      .insert(products)
      .values({
        name: "Secret Prototype Jacket",
        description: "Not announced yet",
        price: 9900,
        displayOrder: 9,
        isActive: true,
      })
      .returning();
    const controller = new AbortController();
    const feed = reader(
      productFeedResponse(
        new Request("http://localhost/products/feed", { signal: controller.signal }),
        database.db,
        "192.0.2.1",
        limits,
      ),
    );
    await feed.until(/event: ready/);
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ isActive: false }).where(eq(products.id, hidden!.id));
      await publishProductChanges(tx, [{ op: "update", id: hidden!.id }]);
    });
    const text = await feed.until(/event: product/);
    expect(text).toContain(`{"op":"delete","id":"${hidden!.id}","product":null}`);
    expect(text).not.toContain("Secret Prototype");
    controller.abort();
  });
});

describe("event streams", () => {
  it("drop a client that stops reading once more than the buffer waits for it", async () => {
    let send: (data: unknown) => void = () => {};
    const controller = new AbortController();
    const response = eventStream(
      new Request("http://localhost/s", { signal: controller.signal }),
      (sink) => {
        send = (data) => sink.send("product", data);
        return () => {};
      },
      { maxBufferedBytes: 4096 },
    );
    await eventually(() => openStreamCount() > 0);
    const before = openStreamCount();
    // Nobody reads the body: 10 messages of ~1 kB overflow the 4 kB buffer.
    for (let i = 0; i < 10; i++) send({ padding: "x".repeat(1000), i });
    expect(openStreamCount()).toBe(before - 1);
    await expect(response.body!.getReader().read()).rejects.toThrow(/fell behind/);
  });

  it("end after their lifetime, so the browser reconnects", async () => {
    const response = eventStream(new Request("http://localhost/s"), () => () => {}, { maxLifetimeMs: 50 });
    const text = await new Response(response.body).text();
    expect(text).toContain("retry: 3000");
  });
});
