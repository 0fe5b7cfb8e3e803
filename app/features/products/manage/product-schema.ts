import { parseWithZod } from "@conform-to/zod/v4";
import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import { parseProductRegistrationKind } from "../registration-products";

/** A sanity ceiling: $1,000,000. */
export const MAX_PRICE_CENTS = 100_000_000;

/** The product form's messages, one place for the browser's check and the server's. */
export const productMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 200 characters",
  descriptionTooLong: "Description must be at most 2000 characters",
  categoryTooLong: "Category must be at most 60 characters",
  priceRequired: "Price is required",
  priceNotNumber: "Price must be a number",
  priceNegative: "Price cannot be negative",
  priceDecimals: "Price can have at most two decimal places",
  priceTooHigh: "Price must be at most $1,000,000",
  stockRequired: "Stock count is required when stock is limited",
  stockWhole: "Stock count must be a whole number, 0 or more",
  registrationKind: "Choose a registration form from the list",
} as const;

/**
 * Dollars as typed ("19.99", "0", "1e3") to integer cents without float
 * error: 19.99 * 100 is 1998.9999..., so round, after checking there are at
 * most two decimals.
 */
export function parsePriceCents(text: string | null | undefined): { cents: number } | { error: string } {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return { error: productMessages.priceRequired };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { error: productMessages.priceNotNumber };
  const dollars = Number(trimmed);
  if (!Number.isFinite(dollars)) return { error: productMessages.priceNotNumber };
  if (dollars < 0) return { error: productMessages.priceNegative };
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6) return { error: productMessages.priceDecimals };
  if (cents > MAX_PRICE_CENTS) return { error: productMessages.priceTooHigh };
  return { cents };
}

/** Optional text: trimmed; empty means "not given" (null). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

const stockText = (value: { unlimitedStock?: string; stockCount?: string }) => (value.stockCount ?? "").trim();
const limited = (value: { unlimitedStock?: string }) => value.unlimitedStock !== "on";
// The stock rules depend on two fields, so they sit on the object; they run even when another field failed.
const always = { when: () => true };

/**
 * The Add/Edit product form (docs/decisions/0026 and 0027 for the registration form). Conform's parser
 * reads a form into it (`parseProduct`): in the browser for instant messages, in the action for the
 * authoritative check, so the two say the same thing. Fields arrive as sent, "" included (no coercion):
 * an empty registration form is refused, while one the form did not send keeps the product's.
 */
export const productSchema = z
  .object({
    name: singleLine(
      z
        .string({ error: productMessages.nameRequired })
        .trim()
        .min(1, productMessages.nameRequired)
        .max(200, productMessages.nameTooLong),
      "Name",
    ),
    description: optionalText(2000, productMessages.descriptionTooLong),
    category: optionalText(60, productMessages.categoryTooLong),
    price: z.string({ error: productMessages.priceRequired }).transform((text, ctx) => {
      const price = parsePriceCents(text);
      if ("error" in price) {
        ctx.addIssue({ code: "custom", message: price.error });
        return z.NEVER;
      }
      return price.cents;
    }),
    // A checkbox sends "on" when ticked and nothing otherwise.
    unlimitedStock: z.string().optional(),
    stockCount: z.string().optional(),
    isActive: z.string().optional(),
    /** The https URL typed into the form (empty: keep or no image). */
    imageUrl: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null)),
    // Absent: the form did not send it (keep the product's current one).
    registrationKind: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return null;
        const kind = parseProductRegistrationKind(value);
        if (!kind) {
          ctx.addIssue({ code: "custom", message: productMessages.registrationKind });
          return z.NEVER;
        }
        return kind;
      }),
  })
  .refine((value) => !limited(value) || stockText(value) !== "", {
    path: ["stockCount"],
    message: productMessages.stockRequired,
    ...always,
  })
  .refine(
    (value) =>
      !limited(value) ||
      stockText(value) === "" ||
      (/^\d+$/.test(stockText(value)) && Number(stockText(value)) <= 1_000_000),
    { path: ["stockCount"], message: productMessages.stockWhole, ...always },
  )
  .transform((value) => ({
    name: value.name,
    description: value.description,
    price: value.price,
    category: value.category,
    unlimitedStock: value.unlimitedStock === "on",
    stockCount: value.unlimitedStock === "on" ? null : Number(stockText(value)),
    isActive: value.isActive === undefined ? true : value.isActive === "on",
    imageUrl: value.imageUrl,
    registrationKind: value.registrationKind,
  }));

export type ProductInput = z.input<typeof productSchema>;
export type ProductFormValues = z.output<typeof productSchema>;

/** Reads a product form with the schema: the one parse the browser and the server share. */
export const parseProduct = (formData: FormData) =>
  parseWithZod(formData, { schema: productSchema, disableAutoCoercion: true });
