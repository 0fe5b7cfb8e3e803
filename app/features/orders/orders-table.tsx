import type { Order } from "~/db/schema";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { stackedTable } from "~/ui/dashboard";
import { StatusBadge } from "./status-badge";
import { formatTournamentDate } from "./entries";
import { formatCents, formatDate } from "~/core/format";

/** Loader data arrives as JSON: dates are strings by then. */
type OrderRow = Omit<Order, "createdAt"> & { createdAt: string | Date };

export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  return (
    <Table className={stackedTable} aria-label="Completed orders">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>Student / customer</TableHead>
          <TableHead>Tournament</TableHead>
          <TableHead>Event</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((order) => (
          <TableRow key={order.id}>
            <TableCell data-label="Date" className="whitespace-nowrap">
              {formatDate(order.createdAt)}
            </TableCell>
            <TableCell data-label="Item">
              <span className="grid md:max-w-56">
                <span className="font-medium">
                  {order.itemName}
                  {order.itemQuantity > 1 ? <span className="ml-1.5 font-normal text-muted-foreground">× {order.itemQuantity}</span> : null}
                </span>
                {order.itemDescription ? <span className="text-xs text-muted-foreground">{order.itemDescription}</span> : null}
              </span>
            </TableCell>
            <TableCell data-label="Student / customer">
              <span className="grid min-w-0 md:max-w-60">
                <span>{order.studentName ?? order.studentSchool ?? "—"}</span>
                {order.studentName && order.studentSchool ? <span className="text-xs text-muted-foreground">{order.studentSchool}</span> : null}
                <span className="text-xs break-all text-muted-foreground">{order.customerEmail}</span>
              </span>
            </TableCell>
            <TableCell data-label="Tournament">
              <span className="grid">
                <span>{order.tournamentName ?? "—"}</span>
                {order.tournamentDate ? <span className="text-xs text-muted-foreground">{formatTournamentDate(order.tournamentDate)}</span> : null}
              </span>
            </TableCell>
            <TableCell data-label="Event">
              {order.eventType ?? "—"}
            </TableCell>
            <TableCell data-label="Amount" className="font-semibold md:text-right">
              {formatCents(order.totalAmount)}
            </TableCell>
            <TableCell data-label="Status">
              <StatusBadge status={order.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
