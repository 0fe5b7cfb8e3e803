import type { stockDisplay } from "./product-form";
import type { ProductImageSources } from "../images/product-image";
import type { ProductRegistrationKind } from "../registration-products";

/** One product as Manage Products lists it (the route's loader makes these). */
export type AdminProductItem = {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  price: string;
  /** Why this price cannot be charged on its own (decision 0025), or null. */
  priceNote?: string | null;
  priceInput: string;
  stock: ReturnType<typeof stockDisplay>;
  stockCount: number | null;
  unlimitedStock: boolean;
  isActive: boolean;
  created: string;
  imageUrl: string | null;
  image: ProductImageSources;
  registrationKind: ProductRegistrationKind;
};

/** Where every Manage Products form posts. */
export const PRODUCTS_ACTION = "/admin/products";
