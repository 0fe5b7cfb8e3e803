import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PRODUCT_REGISTRATION_KINDS, type ProductRegistrationKind } from "../registration-kinds";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The products of docs/product.md#3-entities-and-their-fields: what the shop sells. Price is integer cents;
 * stock_count is null exactly when the stock is unlimited.
 */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    price: integer("price").notNull(),
    imageUrl: text("image_url"),
    category: text("category"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull(),
    unlimitedStock: boolean("unlimited_stock").notNull().default(true),
    stockCount: integer("stock_count"),
    /** The registration form Add to Cart opens (app/db/registration-kinds.ts); "none" for a plain product. */
    registrationKind: text("registration_kind").$type<ProductRegistrationKind>().notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("products_price_check", sql`price >= 0`),
    check("products_stock_count_check", sql`stock_count is null or stock_count >= 0`),
    check("products_unlimited_stock_check", sql`(stock_count is null) = unlimited_stock`),
    check("products_display_order_check", sql`display_order >= 1`),
    check(
      "products_registration_kind_check",
      sql.raw(`registration_kind in (${PRODUCT_REGISTRATION_KINDS.map((kind) => `'${kind}'`).join(", ")})`),
    ),
    index("products_display_order_idx").on(table.displayOrder),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/**
 * Product images after the server re-encoded them (docs/product.md#money: in the
 * database, so every instance serves the same bytes). One row per variant;
 * `key` is content-hashed and appears in the image's URL, so it never changes.
 */
export const productImages = pgTable("product_images", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
