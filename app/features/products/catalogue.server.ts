import { asc, eq } from "drizzle-orm";
import { isUuid } from "~/core/uuid";
import type { Database } from "~/db/client.server";
import { products, type Product } from "~/db/schema";
import type { FeedProduct } from "./feed/feed";

/** The fields the shop shows (and the live feed sends). */
export function toFeedProduct(product: Product): FeedProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    category: product.category,
    isActive: product.isActive,
    displayOrder: product.displayOrder,
    unlimitedStock: product.unlimitedStock,
    stockCount: product.stockCount,
    registrationKind: product.registrationKind,
  };
}

/** Every product, by display_order (Manage Products). */
export async function listAllProducts(db: Database): Promise<Product[]> {
  return db.select().from(products).orderBy(asc(products.displayOrder), asc(products.createdAt));
}

export async function getProduct(db: Database, id: string): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}
