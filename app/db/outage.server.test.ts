// test-class: postgres (the PostgreSQL driver against a server that never answers; no database is opened)
import net from "node:net";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseDown } from "./availability.server";
import { CONNECT_TIMEOUT_MS, openDatabase } from "./client.server";

/** A database that accepts connections and never answers (a hung network): requests must not hang with it. */
const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => void sockets.add(socket));
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe("a PostgreSQL that does not answer", () => {
  it("a query fails after the connect timeout and marks the database down, instead of waiting forever", async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const handle = await openDatabase({
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
      dataDir: "memory://",
      poolSize: 2,
    });
    const started = Date.now();
    await expect(handle.db.execute(sql`select 1`)).rejects.toThrow(/Failed query/);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS + 2000);
    expect(isDatabaseDown()).toBe(true);
    await handle.close();
    // Closing the handle forgets the outage (the probe belonged to it).
    expect(isDatabaseDown()).toBe(false);
  }, 20_000);
});
