import { lt } from "drizzle-orm";
import { hourlyPrune } from "~/db/periodic-worker.server";
import type { Database } from "~/db/client.server";
import { carts } from "~/db/schema/shop";
import { CART_DAYS } from "./cart-cookie.server";

const DAY = 24 * 60 * 60_000;
/** A day past the cookie's life, so a browser whose clock runs behind never meets a cart that is gone. */
const GRACE_DAYS = 1;

/**
 * Deletes the carts nobody can reach any more: the cookie lives 30 days from the cart's last change, and every
 * change moves `updated_at`. Their lines go with them (ON DELETE CASCADE). Returns how many carts went.
 */
export async function pruneIdleCarts(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (CART_DAYS + GRACE_DAYS) * DAY);
  const removed = await db.delete(carts).where(lt(carts.updatedAt, cutoff)).returning({ id: carts.id });
  return removed.length;
}

/** Hourly, in every server process. */
export const cartSweepWorker = hourlyPrune(
  "idle cart sweep",
  (db) => pruneIdleCarts(db),
  "carts idle past their cookie's life deleted",
);
