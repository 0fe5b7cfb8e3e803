import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { RegistrationData } from "~/features/shop/registration-data";
import { products } from "./catalogue";

/**
 * A visitor's cart (docs/product.md#money): keyed by the random id in its HttpOnly
 * cookie. It never holds prices or names: those come from the catalogue.
 */
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    /** The checkout email last entered, so it is still there on return. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("carts_updated_at_idx").on(table.updatedAt)],
);

/**
 * One line of a cart: a product, a quantity and, for the registration fees,
 * the registration details. A product deleted from the catalogue leaves the
 * line with no product, so the cart can say so instead of dropping it.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull().default(1),
    registration: jsonb("registration").$type<RegistrationData>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("cart_lines_quantity_check", sql`quantity >= 1`),
    index("cart_lines_cart_id_idx").on(table.cartId, table.createdAt),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;
