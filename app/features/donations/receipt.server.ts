import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkouts, orders } from "~/db/schema";
import { buildReceipt, type Receipt } from "./receipt";
import { donationSettings } from "./settings.server";

/** Tokens are random and long (payments makes them); anything else is not worth a query. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The receipt behind a printable-receipt link: a completed donation's
 * checkout found by its unguessable public token, or null.
 */
export async function findReceipt(
  db: Database,
  token: string,
): Promise<(Receipt & { refundedCents: number; lostCents: number }) | null> {
  if (!TOKEN.test(token)) return null;
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.publicToken, token), eq(checkouts.kind, "donation"), eq(checkouts.status, "completed")))
    .limit(1);
  if (!checkout) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkout.id))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  // A refunded gift's page says so (decision 0025), and one its donor's bank took back in a lost dispute (0038).
  return {
    ...buildReceipt(checkout, order, donationSettings()),
    refundedCents: order?.refundedAmount ?? 0,
    lostCents: order?.disputeLostAmount ?? 0,
  };
}
