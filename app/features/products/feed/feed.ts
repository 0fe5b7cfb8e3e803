import type { ProductRegistrationKind } from "~/db/registration-kinds";

/**
 * The live product feed's messages (GET /products/feed, Server-Sent Events).
 * Plain module: the catalogue's server writes them, the shop's page reads them.
 *
 * - `event: ready` (data `{}`) on every (re)connect: NOTIFY has no replay, so a
 *   page that hears it reloads its product list.
 * - `event: product` with a `ProductFeedMessage` for each insert, update or delete.
 */
export type FeedProduct = {
  id: string;
  name: string;
  description: string | null;
  /** Cents. */
  price: number;
  imageUrl: string | null;
  category: string | null;
  isActive: boolean;
  displayOrder: number;
  unlimitedStock: boolean;
  stockCount: number | null;
  /** The registration form Add to Cart opens ("none": a plain product). */
  registrationKind: ProductRegistrationKind;
};

export type ProductFeedMessage = {
  op: "insert" | "update" | "delete";
  id: string;
  /** The product as the shop shows it; null after a delete. */
  product: FeedProduct | null;
};

export const PRODUCT_FEED_PATH = "/products/feed";
