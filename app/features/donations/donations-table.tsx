import type { DonationListRow } from "./donations.server";
import { stackedTable } from "~/ui/dashboard";
import { formatCents, formatDateTime } from "~/core/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { ProviderBadge } from "~/features/payments/provider-badge";
import { memorialLabel } from "~/features/payments/memorial";
import { RefundButton, RefundNotes, type RefundTarget } from "~/features/payments/refunds/refund-dialog";

type DonationRow = Omit<DonationListRow, "createdAt"> & { createdAt: string | Date };

/** docs/product.md's columns: Date (with hour and minute), Donor Name, Email, Amount, Memorial/Honor, Description. */
export function DonationsTable({
  rows,
  onRefund,
}: {
  rows: DonationRow[];
  /** Admins: a Refund button per gift (decision 0025). */ onRefund?: (row: RefundTarget) => void;
}) {
  return (
    <Table className={stackedTable} aria-label="Donations">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Donor Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Memorial/Honor</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((donation) => (
          <TableRow key={donation.id}>
            <TableCell data-label="Date" className="whitespace-nowrap">
              {formatDateTime(donation.createdAt)}
            </TableCell>
            <TableCell data-label="Donor Name" className="font-medium">
              {donation.studentName ?? "—"}
            </TableCell>
            <TableCell data-label="Email" className="break-all">
              {donation.customerEmail}
            </TableCell>
            <TableCell data-label="Amount" className="font-semibold md:text-right">
              <span className="inline-flex flex-wrap items-center justify-end gap-2">
                {formatCents(donation.totalAmount)} <ProviderBadge provider={donation.provider} />
              </span>
              <RefundNotes row={donation} />
              {onRefund ? <RefundButton row={{ ...donation, label: "the gift" }} onOpen={onRefund} /> : null}
            </TableCell>
            <TableCell data-label="Memorial/Honor">
              {memorialLabel(donation.eventType) || <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell data-label="Description" className="text-muted-foreground md:max-w-72">
              {donation.itemDescription ?? "—"}
              {donation.campaignName ? (
                <span className="mt-1 block text-foreground">Campaign: {donation.campaignName}</span>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
