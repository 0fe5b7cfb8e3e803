import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, type Product } from "~/db/schema";
import type { FeedProduct } from "./feed";

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

/** docs/product.md#7-data-the-site-reads-and-writes: active products, by display_order (what /fees lists). */
export async function listShopProducts(db: Database): Promise<FeedProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.displayOrder), asc(products.createdAt));
  return rows.map(toFeedProduct);
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
