import type { Order } from "~/db/schema";
import type { DonationExportRow } from "./donations.server";
import { type CsvColumn, toCsv } from "~/core/csv";
import { centsToDecimal, formatCsvDateTime } from "~/core/format";
import { refundColumns } from "~/features/orders/order-csv";
import { memorialLabel } from "~/features/payments/memorial";

/** The table's columns (docs/product.md), plus the order id for reconciling with the card provider. */
const donationColumns: CsvColumn<Order>[] = [
  { header: "Date", value: (o) => formatCsvDateTime(o.createdAt) },
  { header: "Donor Name", value: (o) => o.studentName },
  { header: "Email", value: (o) => o.customerEmail },
  { header: "Amount (USD)", value: (o) => centsToDecimal(o.totalAmount) },
  { header: "Memorial/Honor", value: (o) => memorialLabel(o.eventType) },
  { header: "Description", value: (o) => o.itemDescription },
  { header: "Order ID", value: (o) => o.id },
  ...refundColumns,
];

/**
 * `monthly`: the checkouts that are a month of a monthly gift (their rows say "yes" in the Monthly column); the
 * Campaign column names the drive a gift was given through (decision 0035).
 */
export function donationsCsv(
  rows: readonly (Order | DonationExportRow)[],
  monthly: ReadonlySet<string> = new Set(),
): string {
  return toCsv(rows, [
    ...donationColumns,
    { header: "Monthly", value: (o) => (o.checkoutId && monthly.has(o.checkoutId) ? "yes" : "") },
    { header: "Campaign", value: (o) => ("campaignName" in o ? (o.campaignName ?? "") : "") },
  ]);
}
