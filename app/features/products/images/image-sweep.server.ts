import { and, lt, notExists, sql } from "drizzle-orm";
import { hourlyPrune } from "~/db/periodic-worker.server";
import type { Database } from "~/db/client.server";
import { campaigns, productImages, products, siteContentDrafts, siteContentVersions } from "~/db/schema";
import { PRODUCT_IMAGE_PREFIX } from "./product-image";

const DAY = 24 * 60 * 60_000;

/**
 * Deletes stored image variants (`<hash>-<width>.webp`) that no product, campaign or site content shows: those of a replaced or removed
 * image, of a deleted product, or of an upload whose save failed afterwards. Only variants stored more than a
 * day ago go, so a save in progress (the image is stored before its product row) never loses its image.
 * Returns how many variants went.
 */
export async function pruneUnusedImages(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DAY);
  const shown = db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.imageUrl} like ${PRODUCT_IMAGE_PREFIX} || split_part(${productImages.key}, '-', 1) || '-%'`);
  // Campaigns store their pictures the same way (decision 0035).
  const campaignShown = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(sql`${campaigns.imageUrl} like ${PRODUCT_IMAGE_PREFIX} || split_part(${productImages.key}, '-', 1) || '-%'`);
  // And so do the site's coach photos and school logos (decision 0039), in any version kept for restore or a draft.
  const hash = sql`'%' || split_part(${productImages.key}, '-', 1) || '%'`;
  const inVersion = db
    .select({ one: sql`1` })
    .from(siteContentVersions)
    .where(sql`${siteContentVersions.document}::text like ${hash}`);
  const inDraft = db
    .select({ one: sql`1` })
    .from(siteContentDrafts)
    .where(sql`${siteContentDrafts.document}::text like ${hash}`);
  const removed = await db
    .delete(productImages)
    .where(
      and(
        lt(productImages.createdAt, cutoff),
        notExists(shown),
        notExists(campaignShown),
        notExists(inVersion),
        notExists(inDraft),
      ),
    )
    .returning({ key: productImages.key });
  return removed.length;
}

/** Hourly, in every server process. */
export const imageSweepWorker = hourlyPrune(
  "unused image sweep",
  (db) => pruneUnusedImages(db),
  "product image variants no product shows deleted",
);
