import { parseProduct, type ProductFormValues } from "./product-schema";

export type { ProductFormValues } from "./product-schema";

/** A failed save's message per field, as the action answers it (the first of each field's messages). */
export type ProductFieldErrors = Partial<
  Record<"name" | "price" | "stockCount" | "description" | "category" | "image" | "registrationKind", string>
>;

/**
 * The server's check of the product form: the schema the browser checks with (./product-schema),
 * with each field's first message.
 */
export function parseProductForm(
  form: FormData,
): { ok: true; values: ProductFormValues } | { ok: false; errors: ProductFieldErrors } {
  const submission = parseProduct(form);
  if (submission.status === "success") return { ok: true, values: submission.value };
  const errors: ProductFieldErrors = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (first && name !== "") errors[name as keyof ProductFieldErrors] = first;
  }
  return { ok: false, errors };
}

/** The stock display of docs/product.md#5-validation-rules: Unlimited, Out of stock, a warning at 5 or fewer, else the count. */
export function stockDisplay(product: { unlimitedStock: boolean; stockCount: number | null }): {
  label: string;
  tone: "plain" | "warning" | "out" | "unlimited";
} {
  if (product.unlimitedStock || product.stockCount === null)
    return { label: "Unlimited Stock Available", tone: "unlimited" };
  if (product.stockCount <= 0) return { label: "Out of stock", tone: "out" };
  if (product.stockCount <= 5) return { label: `${product.stockCount} left`, tone: "warning" };
  return { label: `${product.stockCount} in stock`, tone: "plain" };
}
