import type { Order } from "~/db/schema";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { StatusBadge, stacked } from "./dashboard-ui";
import { formatTournamentDate } from "./entries";
import { formatCents, formatDate } from "./format";

/** Loader data arrives as JSON: dates are strings by then. */
type OrderRow = Omit<Order, "createdAt"> & { createdAt: string | Date };

export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  return (
    <Table className={stacked.table} aria-label="Completed orders">
      <TableHeader className={stacked.head}>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>Student</TableHead>
          <TableHead>Tournament</TableHead>
          <TableHead>Event</TableHead>
          <TableHead className="text-right">Qty</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={stacked.body}>
        {rows.map((order) => (
          <TableRow key={order.id} className={stacked.row}>
            <TableCell data-label="Date" className={`${stacked.cell} whitespace-nowrap`}>
              {formatDate(order.createdAt)}
            </TableCell>
            <TableCell data-label="Item" className={stacked.cell}>
              <span className="grid md:max-w-56">
                <span className="font-medium">{order.itemName}</span>
                {order.itemDescription ? <span className="text-xs text-muted-foreground">{order.itemDescription}</span> : null}
              </span>
            </TableCell>
            <TableCell data-label="Student" className={stacked.cell}>
              <span className="grid">
                <span>{order.studentName ?? "—"}</span>
                {order.studentSchool ? <span className="text-xs text-muted-foreground">{order.studentSchool}</span> : null}
              </span>
            </TableCell>
            <TableCell data-label="Tournament" className={stacked.cell}>
              <span className="grid">
                <span>{order.tournamentName ?? "—"}</span>
                {order.tournamentDate ? <span className="text-xs text-muted-foreground">{formatTournamentDate(order.tournamentDate)}</span> : null}
              </span>
            </TableCell>
            <TableCell data-label="Event" className={stacked.cell}>
              {order.eventType ?? "—"}
            </TableCell>
            <TableCell data-label="Qty" className={`${stacked.cell} md:text-right`}>
              {order.itemQuantity}
            </TableCell>
            <TableCell data-label="Amount" className={`${stacked.cell} font-semibold md:text-right`}>
              {formatCents(order.totalAmount)}
            </TableCell>
            <TableCell data-label="Customer" className={`${stacked.cell} break-all`}>
              {order.customerEmail}
            </TableCell>
            <TableCell data-label="Status" className={stacked.cell}>
              <StatusBadge status={order.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
