import type { ProductNotice } from "./notices";

/** What went wrong with a product save, in words that are safe to show staff (never the SQL or its values). */
const REASONS: { test: (code: string) => boolean; reason: string }[] = [
  {
    test: (code) => code === "23514" || code === "23502",
    reason: "the database refused one of the values. Check the fields and try again.",
  },
  { test: (code) => code === "23505", reason: "another product already has one of these values." },
  {
    test: (code) => code === "40001" || code === "40P01",
    reason: "another change reached this product at the same moment. Please try again.",
  },
  {
    test: (code) =>
      code.startsWith("08") ||
      code === "57P01" ||
      code === "57P03" ||
      code === "ECONNREFUSED" ||
      code === "ECONNRESET" ||
      code === "ETIMEDOUT",
    reason: "the database did not answer. Nothing was saved; please try again in a moment.",
  },
];

function codeOf(error: unknown): string | null {
  // Drizzle wraps the driver's error in `cause`.
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * docs/product.md#8-error-and-notice-texts: "Failed to create product" / "Failed to update product"
 * with what went wrong where that is safe to show; the
 * plain notice otherwise. The full error goes to the log only.
 */
export function saveFailureNotice(base: ProductNotice, error: unknown): ProductNotice {
  const code = codeOf(error);
  const match = code ? REASONS.find((entry) => entry.test(code)) : undefined;
  return match ? { ...base, description: `${base.description}: ${match.reason}` } : base;
}
