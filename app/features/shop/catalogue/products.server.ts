import { asc, eq } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import type { FeedProduct } from "~/features/products/feed/feed";

/**
 * The product query of docs/product.md#7-data-the-site-reads-and-writes: active products by display_order. A
 * failure is logged and the shop shows its empty state (docs/product.md#8-error-and-notice-texts),
 * never an error page.
 */
export async function loadShopProducts(db: Database): Promise<FeedProduct[]> {
  try {
    return await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        price: products.price,
        imageUrl: products.imageUrl,
        category: products.category,
        isActive: products.isActive,
        displayOrder: products.displayOrder,
        unlimitedStock: products.unlimitedStock,
        stockCount: products.stockCount,
        registrationKind: products.registrationKind,
      })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.displayOrder), asc(products.name));
  } catch (error) {
    logger.error({ err: error }, "shop products could not be loaded");
    return [];
  }
}
