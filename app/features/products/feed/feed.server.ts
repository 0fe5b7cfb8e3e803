import { eventStream, type SseSink } from "~/core/sse.server";
import { publish, subscribe, type PubSub } from "~/db/pubsub.server";
import { feedLimits, feedSlots, refuseFeed } from "~/core/feed-slots.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { getProduct, toFeedProduct } from "../catalogue.server";
import type { ProductFeedMessage } from "./feed";

/** The notification channel for product changes. */
export const PRODUCTS_CHANNEL = "products";

/** What travels in NOTIFY: ids and the operation only; listeners re-read the row. */
export type ProductChange = { op: ProductFeedMessage["op"]; id: string };

/**
 * Announces product changes. Call inside the transaction that makes them:
 * the notification fires on commit.
 */
export async function publishProductChanges(tx: Parameters<typeof publish>[0], changes: ProductChange[]) {
  // Chunked so that a large reorder stays well below NOTIFY's 8000-byte limit.
  for (let start = 0; start < changes.length; start += 50) {
    await publish(tx, PRODUCTS_CHANNEL, { changes: changes.slice(start, start + 50) });
  }
}

/**
 * The process's open feed streams. One subscription per process: a change is
 * read from the database once and sent to every open page.
 */
const sinks = new Set<SseSink>();
let subscription: Promise<() => void> | null = null;
let subscribeVia: typeof subscribe = subscribe;

/** Tests: route the feed through their own PubSub (their own database). */
export function setFeedPubSubForTests(pubsub: PubSub) {
  subscribeVia = (channel, listener, options) => pubsub.subscribe(channel, listener, options);
  subscription = null;
}

function ensureSubscribed(db: Database) {
  subscription ??= subscribeVia(
    PRODUCTS_CHANNEL,
    (payload) => void broadcast(db, payload),
    // Messages may have been lost while the LISTEN connection was down.
    { onResync: () => sinks.forEach((sink) => sink.send("ready", {})) },
  ).catch((error: unknown) => {
    subscription = null;
    throw error;
  });
  return subscription;
}

async function broadcast(db: Database, payload: unknown) {
  const changes = (payload as { changes?: ProductChange[] } | null)?.changes;
  if (!Array.isArray(changes)) return;
  for (const change of changes) {
    try {
      const message: ProductFeedMessage =
        change.op === "delete" ? { op: "delete", id: change.id, product: null } : await readChange(db, change);
      for (const sink of sinks) sink.send("product", message);
    } catch (error) {
      logger.error({ err: error, change }, "product feed: reading a change failed");
    }
  }
}

async function readChange(db: Database, change: ProductChange): Promise<ProductFeedMessage> {
  const row = await getProduct(db, change.id);
  // Deleted again before we read it, or hidden from the shop: the listeners (anyone, signed in or not) are
  // told it is gone and learn nothing of a hidden product's details (decision 0028).
  if (!row || !row.isActive) return { op: "delete", id: change.id, product: null };
  return { op: change.op, id: change.id, product: toFeedProduct(row) };
}

const slots = feedSlots();

/**
 * GET /products/feed: a Server-Sent Events stream of product changes. One
 * client address may hold `perAddress` feeds (429 beyond) and the process
 * `total` (503 beyond; the shop page still works, it only stops updating
 * live); every stream ends after its lifetime and the browser reconnects.
 */
export function productFeedResponse(
  request: Request,
  db: Database,
  clientAddress = "unknown",
  limits = feedLimits(),
): Response {
  const slot = slots.take(clientAddress, limits);
  if (slot === "busy") return refuseFeed(503, "The live product feed is busy. Please try again later.");
  if (slot === "address") return refuseFeed(429, "Too many live product feeds are open from your network.");
  const { release } = slot;
  return eventStream(
    request,
    async (sink) => {
      try {
        await ensureSubscribed(db);
      } catch (error) {
        release();
        throw error;
      }
      sinks.add(sink);
      // The page reloads its list on every (re)connect: NOTIFY has no replay.
      sink.send("ready", {});
      return () => {
        sinks.delete(sink);
        release();
      };
    },
    { maxLifetimeMs: limits.lifetimeMs },
  );
}

/** For tests: how many feed streams this process has open. */
export function openFeedCount(): number {
  return sinks.size;
}

/** For tests: how many feeds one client address holds. */
export function feedsOpenFrom(clientAddress: string): number {
  return slots.openFrom(clientAddress);
}
