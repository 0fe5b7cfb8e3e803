import type { OrderListRow } from "./orders.server";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { stackedTable } from "~/ui/dashboard";
import { ProviderBadge } from "~/features/payments/provider-badge";
import { StatusBadge } from "./status-badge";
import { formatTournamentDate } from "./entries";
import { formatCents, formatDate } from "~/core/format";
import { eventTypeLabel } from "~/features/payments/memorial";
import { cn } from "~/ui/cn";
import { RefundButton, RefundNotes, type RefundTarget } from "~/features/payments/refunds/refund-dialog";

/** Loader data arrives as JSON: dates are strings by then. */
type OrderRow = Omit<OrderListRow, "createdAt"> & { createdAt: string | Date };

/*
 * A page holds 25 rows, and each cell's markup is kept lean: the stacked lines
 * of a cell are a grid's items (text and <small> notes), styled once here.
 */
const ordersTable = cn(
  stackedTable,
  "[&_td>span]:grid [&_b]:font-medium [&_small]:text-xs [&_small]:text-muted-foreground [&_b_small]:ml-1.5 [&_b_small]:text-sm [&_b_small]:font-normal",
);

export function OrdersTable({
  rows,
  onRefund,
}: {
  rows: OrderRow[];
  /** Admins: a Refund button per row (decision 0025). */ onRefund?: (row: RefundTarget) => void;
}) {
  return (
    <Table className={ordersTable} aria-label="Completed orders">
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
              <span className="md:max-w-56">
                <b>
                  {order.itemName}
                  {order.itemQuantity > 1 ? <small>× {order.itemQuantity}</small> : null}
                </b>
                {order.itemDescription ? <small>{order.itemDescription}</small> : null}
              </span>
            </TableCell>
            <TableCell data-label="Student / customer">
              <span className="min-w-0 md:max-w-60">
                {order.studentName ?? order.studentSchool ?? "—"}
                {order.studentName && order.studentSchool ? <small>{order.studentSchool}</small> : null}
                <small className="break-all">{order.customerEmail}</small>
              </span>
            </TableCell>
            <TableCell data-label="Tournament">
              <span>
                {order.tournamentName ?? "—"}
                {order.tournamentDate ? <small>{formatTournamentDate(order.tournamentDate)}</small> : null}
              </span>
            </TableCell>
            <TableCell data-label="Event">{eventTypeLabel(order.eventType) ?? "—"}</TableCell>
            <TableCell data-label="Amount" className="font-semibold md:text-right">
              <span className="inline-flex flex-wrap items-center justify-end gap-2">
                {formatCents(order.totalAmount)} <ProviderBadge provider={order.provider} />
              </span>
              <RefundNotes row={order} />
              {onRefund ? <RefundButton row={{ ...order, label: order.itemName }} onOpen={onRefund} /> : null}
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
