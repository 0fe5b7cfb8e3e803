import type { Database } from "~/db/client.server";
import { cartLines, carts, type NewOrder, type Product, products } from "~/db/schema";
import type { RegistrationData } from "~/db/registration-data";

// Rows for tests, each with defaults a test does not care about and overrides for what it does: a test says only
// what its scenario is about (a product's stock, an order's student), not every column.

let sequence = 0;
const next = () => ++sequence;

/**
 * A product in the catalogue: active, listed after the ones before it. `stock` is the short way to say limited
 * stock (a number) or unlimited (null, the default).
 */
export async function aProduct(
  db: Database,
  overrides: Partial<typeof products.$inferInsert> & { stock?: number | null } = {},
): Promise<Product> {
  const { stock = null, ...columns } = overrides;
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Test Product ${n}`,
      price: 1000,
      displayOrder: n,
      unlimitedStock: stock === null,
      stockCount: stock,
      isActive: true,
      ...columns,
    })
    .returning();
  return row!;
}

/** A cart with these lines, added one after the other (so their order is the order given). Answers its id. */
export async function aCart(
  db: Database,
  lines: Array<{ productId: string; quantity?: number; registration?: RegistrationData | null }> = [],
): Promise<string> {
  const id = `cart-${next()}-${Math.random().toString(36).slice(2)}`;
  await db.insert(carts).values({ id });
  const start = Date.now();
  for (const [index, line] of lines.entries()) {
    await db.insert(cartLines).values({
      cartId: id,
      productId: line.productId,
      quantity: line.quantity ?? 1,
      registration: line.registration ?? null,
      createdAt: new Date(start + index),
    });
  }
  return id;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A completed tournament entry, as the shop records one (values to insert into orders). */
export function anEntryOrder(overrides: Partial<NewOrder> & { daysAgo?: number } = {}): NewOrder {
  const { daysAgo: days = 0, ...columns } = overrides;
  return {
    itemName: "Tournament Entry Fee",
    itemDescription: "Entry fee for one student",
    customerEmail: "parent@example.com",
    totalAmount: 2500,
    status: "completed",
    studentName: "Maya Goldberg",
    studentSchool: "Riverside Hebrew Academy",
    tournamentName: "Winter Classic",
    tournamentDate: "2026-12-13",
    eventType: "Lincoln-Douglas",
    createdAt: daysAgo(days),
    ...columns,
  };
}

/** A completed one-time donation (values to insert into orders). */
export function aDonationOrder(overrides: Partial<NewOrder> & { daysAgo?: number } = {}): NewOrder {
  const { daysAgo: days = 0, ...columns } = overrides;
  return {
    itemName: "Donation",
    itemDescription: "Tax-deductible donation",
    customerEmail: "donor@example.com",
    totalAmount: 5000,
    status: "completed",
    studentName: "Ruth Adler",
    createdAt: daysAgo(days),
    ...columns,
  };
}
