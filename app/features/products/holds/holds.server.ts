import { formatDateTime } from "~/core/format";
import type { Database } from "~/db/client.server";
import { listReservations } from "./stock-reservations.server";

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
  const rows = await listReservations(db);
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
