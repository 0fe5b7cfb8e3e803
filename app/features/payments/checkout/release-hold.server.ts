import { and, eq } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import { isUuid } from "~/core/uuid";
import type { Database } from "~/db/client.server";
import { checkouts } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { writeAudit } from "~/features/accounts/audit.server";
import type { ProductActionOutcome } from "~/features/products/manage/admin.server";
import { holdNotices } from "~/features/products/holds/holds";
import { reservationsOf } from "~/features/products/holds/stock-reservations.server";
import { closeOpenCheckouts } from "./checkout.server";
import { paymentProvider } from "../providers.server";

// Manage Products lists the holds (app/features/products/holds/holds.server.ts); ending one closes a checkout, which is
// payments' work, so it lives here (payments depends on the catalogue, never the other way).
/**
 * Staff end an open checkout's hold. A Stripe payment page is expired first,
 * so no payment can land on a checkout that is already closed; Stripe
 * refuses when the buyer has just paid, and then nothing is released. Then
 * the checkout fails ("released") and its stock goes back to the shop at
 * once (open shop pages hear it). Only an open checkout changes (first
 * caller wins); the release is audited.
 */
export async function releaseHold(db: Database, actor: Actor, checkoutId: string): Promise<ProductActionOutcome> {
  const intent = "release-hold";
  if (!isUuid(checkoutId)) return { intent, ok: false, status: 400, notice: holdNotices.gone };
  try {
    const current = await db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) });
    if (!current || current.status !== "open") return { intent, ok: false, status: 409, notice: holdNotices.gone };
    if (current.provider === "stripe" && current.providerSessionId) {
      try {
        await paymentProvider(db).expireSession(current.providerSessionId);
      } catch (error) {
        // Stripe refuses to expire a completed session: the buyer has paid (the webhook or the sweep will fulfil it).
        logger.warn({ err: error, checkoutId }, "a hold's payment session could not be expired; not released");
        return { intent, ok: false, status: 409, notice: holdNotices.paying };
      }
    }
    const released = await db.transaction(async (tx) => {
      const [checkout] = await tx
        .select({ id: checkouts.id, email: checkouts.email, providerSessionId: checkouts.providerSessionId })
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")))
        .for("update");
      if (!checkout) return null;
      const held = await reservationsOf(tx, checkoutId);
      await closeOpenCheckouts(tx, [checkoutId], "released");
      await writeAudit(tx, {
        actor,
        action: "checkout.hold_release",
        details: {
          checkoutId,
          buyer: checkout.email,
          held: held.map((row) => ({ productId: row.productId, quantity: row.quantity })),
        },
      });
      return checkout;
    });
    if (!released) return { intent, ok: false, status: 409, notice: holdNotices.gone };
    if (current.provider !== "stripe" && released.providerSessionId) {
      await paymentProvider(db)
        .expireSession(released.providerSessionId)
        .catch((error: unknown) =>
          logger.warn({ err: error, checkoutId }, "a released checkout's payment session could not be expired"),
        );
    }
    logger.info({ checkoutId }, "stock hold released by staff");
    return { intent, ok: true, status: 200, notice: holdNotices.released };
  } catch (error) {
    logger.error({ err: error, checkoutId }, "releasing a stock hold failed");
    return { intent, ok: false, status: 500, notice: holdNotices.failed };
  }
}
