import type { ProductRegistrationKind } from "~/db/registration-kinds";
import { parseProductRegistrationKind } from "./registration-products";

/**
 * The product form's rules (docs/product.md#5-validation-rules, "Product form"): pure, so the
 * server's action and the unit tests share them.
 */
export type ProductFormValues = {
  name: string;
  description: string | null;
  /** Cents. */
  price: number;
  category: string | null;
  unlimitedStock: boolean;
  stockCount: number | null;
  isActive: boolean;
  /** The https URL typed into the form (empty: keep or no image). */
  imageUrl: string | null;
  /** The registration form Add to Cart opens; null when the form did not send the field (keep the current one). */
  registrationKind: ProductRegistrationKind | null;
};

export type ProductFieldErrors = Partial<Record<"name" | "price" | "stockCount" | "description" | "category" | "image" | "registrationKind", string>>;

export const DEFAULT_CATEGORY = "apparel";
/** A sanity ceiling: $1,000,000. */
export const MAX_PRICE_CENTS = 100_000_000;

const optional = (value: string | null | undefined) => {
  const trimmed = (value ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

/**
 * Dollars as typed ("19.99", "0", "1e3") to integer cents without float
 * error: 19.99 * 100 is 1998.9999..., so round, after checking there are at
 * most two decimals.
 */
export function parsePriceCents(text: string | null | undefined): { cents: number } | { error: string } {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return { error: "Price is required" };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { error: "Price must be a number" };
  const dollars = Number(trimmed);
  if (!Number.isFinite(dollars)) return { error: "Price must be a number" };
  if (dollars < 0) return { error: "Price cannot be negative" };
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6) return { error: "Price can have at most two decimal places" };
  if (cents > MAX_PRICE_CENTS) return { error: "Price must be at most $1,000,000" };
  return { cents };
}

export function parseProductForm(
  read: (name: string) => string | null,
): { ok: true; values: ProductFormValues } | { ok: false; errors: ProductFieldErrors } {
  const errors: ProductFieldErrors = {};
  const name = (read("name") ?? "").trim();
  if (name === "") errors.name = "Name is required";
  else if (name.length > 200) errors.name = "Name must be at most 200 characters";
  const description = optional(read("description"));
  if (description && description.length > 2000) errors.description = "Description must be at most 2000 characters";
  const category = optional(read("category"));
  if (category && category.length > 60) errors.category = "Category must be at most 60 characters";
  const price = parsePriceCents(read("price"));
  if ("error" in price) errors.price = price.error;
  // A checkbox sends "on" when ticked and nothing otherwise.
  const unlimitedStock = read("unlimitedStock") === "on";
  let stockCount: number | null = null;
  if (!unlimitedStock) {
    const stock = (read("stockCount") ?? "").trim();
    if (stock === "") errors.stockCount = "Stock count is required when stock is limited";
    else if (!/^\d+$/.test(stock) || Number(stock) > 1_000_000) errors.stockCount = "Stock count must be a whole number, 0 or more";
    else stockCount = Number(stock);
  }
  const isActive = read("isActive") === null ? true : read("isActive") === "on";
  const imageUrl = optional(read("imageUrl"));
  const kindField = read("registrationKind");
  const registrationKind = kindField === null ? null : parseProductRegistrationKind(kindField);
  if (kindField !== null && !registrationKind) errors.registrationKind = "Choose a registration form from the list";
  if (Object.keys(errors).length > 0 || "error" in price) return { ok: false, errors };
  return {
    ok: true,
    values: { name, description, price: price.cents, category, unlimitedStock, stockCount, isActive, imageUrl, registrationKind },
  };
}

/** The stock display of docs/product.md#5-validation-rules: Unlimited, Out of stock, a warning at 5 or fewer, else the count. */
export function stockDisplay(product: { unlimitedStock: boolean; stockCount: number | null }): {
  label: string;
  tone: "plain" | "warning" | "out" | "unlimited";
} {
  if (product.unlimitedStock || product.stockCount === null) return { label: "Unlimited Stock Available", tone: "unlimited" };
  if (product.stockCount <= 0) return { label: "Out of stock", tone: "out" };
  if (product.stockCount <= 5) return { label: `${product.stockCount} left`, tone: "warning" };
  return { label: `${product.stockCount} in stock`, tone: "plain" };
}
