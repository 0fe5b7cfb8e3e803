import type { Order } from "~/db/schema";
import { type CsvColumn, toCsv } from "~/core/csv";
import { centsToDecimal, formatCsvDateTime } from "~/core/format";

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
];

const entryColumns: CsvColumn<Order>[] = [
  { header: "Tournament", value: (o) => o.tournamentName },
  { header: "Tournament Date", value: (o) => o.tournamentDate },
  { header: "Event", value: (o) => o.eventType },
  { header: "Student", value: (o) => o.studentName },
  { header: "School", value: (o) => o.studentSchool },
  { header: "Contact Email", value: (o) => o.customerEmail },
  { header: "Registered", value: (o) => formatCsvDateTime(o.createdAt) },
  { header: "Order ID", value: (o) => o.id },
];

export function ordersCsv(rows: readonly Order[]): string {
  return toCsv(rows, orderColumns);
}

export function entriesCsv(rows: readonly Order[]): string {
  return toCsv(rows, entryColumns);
}
