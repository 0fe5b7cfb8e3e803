import { asc, eq, inArray } from "drizzle-orm";
import { formatDateTime } from "~/core/format";
import type { Database } from "~/db/client.server";
import { checkouts, products, stockReservations } from "~/db/schema";

/** One unpaid checkout's hold on one limited product, as Manage Products lists it. */
export type StockHold = {
  checkoutId: string;
  /** The buyer paid with a delayed method and the money is on its way: the hold cannot be released. */
  processing: boolean;
  productName: string;
  quantity: number;
  email: string;
  started: string;
  ends: string;
};

/** Every stock hold of an open or processing checkout, the ones ending first on top. */
export async function listStockHolds(db: Database): Promise<StockHold[]> {
  const rows = await db
    .select({
      checkoutId: checkouts.id,
      status: checkouts.status,
      productName: products.name,
      quantity: stockReservations.quantity,
      email: checkouts.email,
      createdAt: checkouts.createdAt,
      expiresAt: checkouts.expiresAt,
    })
    .from(stockReservations)
    .innerJoin(checkouts, eq(checkouts.id, stockReservations.checkoutId))
    .innerJoin(products, eq(products.id, stockReservations.productId))
    .where(inArray(checkouts.status, ["open", "processing"]))
    .orderBy(asc(checkouts.expiresAt), asc(products.name))
    .limit(200);
  return rows.map((row) => ({
    checkoutId: row.checkoutId,
    processing: row.status === "processing",
    productName: row.productName,
    quantity: row.quantity,
    email: row.email,
    started: formatDateTime(row.createdAt),
    ends: formatDateTime(row.expiresAt),
  }));
}
