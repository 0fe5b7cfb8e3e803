/**
 * Cross-instance notifications on the database (PostgreSQL LISTEN/NOTIFY).
 *
 * - `publish(dbOrTx, channel, payload)` runs `pg_notify` on the caller's
 *   connection. Called inside a transaction, PostgreSQL delivers it when that
 *   transaction commits (and never if it rolls back), so listeners never hear
 *   of a change they cannot read yet. Keep payloads small (ids and an
 *   operation); listeners re-read the rows. PostgreSQL refuses payloads over
 *   8000 bytes; we stop at 4000.
 * - `subscribe(channel, listener, { onResync })` registers an in-memory
 *   listener. Each process holds ONE dedicated LISTEN connection (a pg.Client
 *   on PostgreSQL, PGlite's own `listen` on the embedded database) and fans
 *   messages out to every listener of the channel. NOTIFY has no replay: after
 *   the connection drops and comes back, `onResync` tells listeners that they
 *   may have missed messages and should reload what they show.
 *
 * Channels in use: "products" (app/features/products/feed/feed.server.ts),
 * "pages" (page-cache invalidation), "campaigns" (app/features/campaigns),
 * "site_content" (app/features/site-editor/versions.server.ts).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { logger } from "~/core/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { getDatabaseHandle } from "~/db/database.server";

/** Anything Drizzle can run SQL on: the database or a transaction. */
type Executor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

export type Listener = (payload: unknown) => void;
export type SubscribeOptions = {
  /** Called after the LISTEN connection came back: messages may have been missed. */
  onResync?: () => void;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
export const MAX_PAYLOAD_BYTES = 4000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel "${channel}"`);
}

/** Sends a notification; inside a transaction it fires on commit. */
export async function publish(dbOrTx: Executor, channel: string, payload: unknown): Promise<void> {
  checkChannel(channel);
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
    throw new Error(`Notification on "${channel}" is too large (${Buffer.byteLength(text)} bytes)`);
  }
  await dbOrTx.execute(sql`select pg_notify(${channel}, ${text})`);
}

type Subscriber = { listener: Listener; options: SubscribeOptions };

/** One process's LISTEN connection and its in-memory listeners. */
export class PubSub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private pgClient: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly pgliteUnlisten = new Map<string, Promise<() => Promise<void>>>();
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly source: DatabaseHandle["notifications"]) {}

  /** Registers `listener`; returns a function that removes it. */
  async subscribe(channel: string, listener: Listener, options: SubscribeOptions = {}): Promise<() => void> {
    checkChannel(channel);
    const subscriber = { listener, options };
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(subscriber);
    if (first) await this.listen(channel);
    return () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) {
        this.channels.delete(channel);
        void this.unlisten(channel);
      }
    };
  }

  /** How many listeners a channel has (for tests and logs). */
  listenerCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.channels.clear();
    for (const unlisten of this.pgliteUnlisten.values()) {
      await (await unlisten)().catch(() => {});
    }
    this.pgliteUnlisten.clear();
    const client = this.pgClient;
    this.pgClient = null;
    await client?.end().catch(() => {});
  }

  private deliver(channel: string, text: string | undefined) {
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      logger.warn({ channel }, "notification payload is not JSON");
      return;
    }
    for (const { listener } of this.channels.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "notification listener failed");
      }
    }
  }

  private resyncAll() {
    for (const set of this.channels.values()) {
      for (const { options } of set) options.onResync?.();
    }
  }

  private async listen(channel: string) {
    if (this.source.kind === "pglite") {
      const client = this.source.client;
      const pending = client.listen(channel, (text) => this.deliver(channel, text));
      this.pgliteUnlisten.set(channel, pending);
      await pending;
      return;
    }
    await this.ensurePgClient();
    await this.pgClient?.query(`listen "${channel}"`);
  }

  private async unlisten(channel: string) {
    if (this.source.kind === "pglite") {
      const pending = this.pgliteUnlisten.get(channel);
      this.pgliteUnlisten.delete(channel);
      if (pending) await (await pending)().catch(() => {});
      return;
    }
    await this.pgClient?.query(`unlisten "${channel}"`).catch(() => {});
  }

  private ensurePgClient(): Promise<void> {
    if (this.pgClient) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.source.kind !== "postgres") return;
    const client = new pg.Client({ connectionString: this.source.url });
    client.on("notification", (message) => this.deliver(message.channel, message.payload));
    const lost = (error?: Error) => {
      if (this.pgClient !== client) return;
      this.pgClient = null;
      client.removeAllListeners("error");
      client.on("error", () => {});
      void client.end().catch(() => {});
      if (!this.closed) {
        logger.warn({ err: error }, "LISTEN connection lost; reconnecting");
        this.scheduleReconnect();
      }
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`listen "${channel}"`);
    this.pgClient = client;
    this.retryMs = RECONNECT_MIN_MS;
  }

  private scheduleReconnect() {
    if (this.retryTimer || this.closed) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensurePgClient().then(
        () => this.resyncAll(),
        (error: unknown) => {
          logger.warn({ err: error }, "LISTEN reconnect failed");
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** Test hook: drop the LISTEN connection as a network failure would. */
  simulateConnectionLoss() {
    this.pgClient?.emit("error", new Error("simulated connection loss"));
  }
}

let processPubSub: Promise<PubSub> | undefined;

function getPubSub(): Promise<PubSub> {
  processPubSub ??= getDatabaseHandle().then((handle) => new PubSub(handle.notifications));
  return processPubSub;
}

/** Listens on `channel` through the process's one LISTEN connection. */
export async function subscribe(channel: string, listener: Listener, options?: SubscribeOptions) {
  return (await getPubSub()).subscribe(channel, listener, options);
}

/** Closes the process's LISTEN connection (shutdown). */
export async function closePubSub(): Promise<void> {
  const current = processPubSub;
  processPubSub = undefined;
  if (current) await (await current).close();
}
