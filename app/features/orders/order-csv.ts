import type { Order } from "~/db/schema";
import { type CsvColumn, toCsv } from "~/core/csv";
import { centsToDecimal, formatCsvDateTime } from "~/core/format";

/**
 * Decisions 0025 and 0038: what was given back, under an open dispute, or lost in a closed one, and what the
 * district kept, apart from the amount paid.
 */
export const refundColumns: CsvColumn<Order>[] = [
  { header: "Refunded (USD)", value: (o) => centsToDecimal(o.refundedAmount ?? 0) },
  {
    header: "Disputed (USD)",
    value: (o) => centsToDecimal((o.disputedAmount ?? 0) - (o.disputeLostAmount ?? 0)),
  },
  { header: "Lost in disputes (USD)", value: (o) => centsToDecimal(o.disputeLostAmount ?? 0) },
  {
    header: "Kept (USD)",
    value: (o) => centsToDecimal(o.totalAmount - (o.refundedAmount ?? 0) - (o.disputedAmount ?? 0)),
  },
];

const orderColumns: CsvColumn<Order>[] = [
  { header: "Order ID", value: (o) => o.id },
  { header: "Date", value: (o) => formatCsvDateTime(o.createdAt) },
  { header: "Item", value: (o) => o.itemName },
  { header: "Description", value: (o) => o.itemDescription },
  { header: "Quantity", value: (o) => o.itemQuantity },
  { header: "Student", value: (o) => o.studentName },
  { header: "School", value: (o) => o.studentSchool },
  { header: "Tournament", value: (o) => o.tournamentName },
  { header: "Tournament Date", value: (o) => o.tournamentDate },
  { header: "Event", value: (o) => o.eventType },
  { header: "Amount (USD)", value: (o) => centsToDecimal(o.totalAmount) },
  { header: "Customer Email", value: (o) => o.customerEmail },
  { header: "Status", value: (o) => o.status },
  ...refundColumns,
];

const entryColumns: CsvColumn<Order>[] = [
  { header: "Tournament", value: (o) => o.tournamentName },
  { header: "Tournament Date", value: (o) => o.tournamentDate },
  { header: "Event", value: (o) => o.eventType },
  { header: "Student", value: (o) => o.studentName },
  { header: "School", value: (o) => o.studentSchool },
  { header: "Contact Email", value: (o) => o.customerEmail },
  { header: "Registered", value: (o) => formatCsvDateTime(o.createdAt) },
  // The entry's code (decision 0046): the same on the roster, the confirmation email and Tabroom's file.
  { header: "Entry Code", value: (o) => o.entryCode },
  { header: "Order ID", value: (o) => o.id },
  {
    header: "Refunded",
    value: (o) => (o.refundedAmount > 0 ? (o.refundedAmount >= o.totalAmount ? "refunded" : "partly refunded") : ""),
  },
];

export function ordersCsv(rows: readonly Order[]): string {
  return toCsv(rows, orderColumns);
}

export function entriesCsv(rows: readonly Order[]): string {
  return toCsv(rows, entryColumns);
}
