import { and, asc, eq } from "drizzle-orm";
import { linkToken, linkTokenWhere } from "~/core/link-tokens.server";
import type { Database } from "~/db/client.server";
import { checkouts, orders, type Checkout } from "~/db/schema";
import { buildReceipt, donationDetails, type Receipt, type ReceiptTokens } from "./receipt";
import { donationSettings } from "./settings.server";

/** The receipt's own link token and, for a month of a monthly gift, its manage link's. */
export function receiptTokens(checkout: Checkout): ReceiptTokens {
  const monthly = donationDetails(checkout)?.monthly;
  return { receipt: linkToken("receipt", checkout.id), manage: monthly ? linkToken("manage", monthly.giftId) : null };
}

/**
 * The receipt behind a printable-receipt link: a completed donation's
 * checkout found by its unguessable public token, or null.
 */
export async function findReceipt(
  db: Database,
  token: string,
): Promise<(Receipt & { refundedCents: number; lostCents: number }) | null> {
  const byToken = linkTokenWhere("receipt", token, { hash: checkouts.publicTokenHash, id: checkouts.id });
  if (!byToken) return null;
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(byToken, eq(checkouts.kind, "donation"), eq(checkouts.status, "completed")))
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
    ...buildReceipt(checkout, order, donationSettings(), receiptTokens(checkout)),
    refundedCents: order?.refundedAmount ?? 0,
    lostCents: order?.disputeLostAmount ?? 0,
  };
}
