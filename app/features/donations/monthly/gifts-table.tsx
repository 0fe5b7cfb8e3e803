import { formatCents, formatDate } from "~/core/format";
import { ProviderBadge } from "~/features/payments/provider-badge";
import { ExportLink, stackedTable } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { MonthlyOverview } from "./admin.server";

const STATUS = {
  active: "Active",
  paused: "Paused",
  past_due: "Card failed",
  pending: "Being set up",
  canceled: "Canceled",
} as const;

type Overview = Omit<MonthlyOverview, "rows"> & {
  rows: Array<
    Omit<MonthlyOverview["rows"][number], "startedAt" | "nextChargeAt"> & {
      startedAt: Date | string | null;
      nextChargeAt: Date | string | null;
    }
  >;
};

/** Staff's view of the monthly gifts that are running (decision 0033): who, how much, since when, next charge, status. */
export function MonthlyGiftsSection({ overview }: { overview: Overview }) {
  return (
    <section
      aria-labelledby="monthly-gifts"
      className="grid gap-3 rounded-card border border-border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="monthly-gifts" className="text-lg font-bold text-navy-900">
          Monthly gifts
        </h2>
        <ExportLink href="/admin/donations/monthly.csv">Export monthly gifts CSV</ExportLink>
      </div>
      <p className="text-sm tabular" data-testid="monthly-recurring-total">
        <span className="font-semibold">{formatCents(overview.recurringCents)}</span> a month from{" "}
        {overview.count.toLocaleString("en-US")} monthly {overview.count === 1 ? "gift" : "gifts"} (paused gifts count
        once resumed)
      </p>
      {overview.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No monthly gifts yet. Donors choose Monthly on the Donate page.</p>
      ) : (
        <Table className={stackedTable} aria-label="Monthly gifts">
          <TableHeader>
            <TableRow>
              <TableHead>Donor</TableHead>
              <TableHead>Email</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Since</TableHead>
              <TableHead>Next date</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {overview.rows.map((gift) => (
              <TableRow key={gift.id}>
                <TableCell data-label="Donor" className="font-medium">
                  {gift.firstName} {gift.lastName}
                </TableCell>
                <TableCell data-label="Email" className="break-all">
                  {gift.email}
                </TableCell>
                <TableCell data-label="Amount" className="font-semibold md:text-right">
                  <span className="inline-flex flex-wrap items-center justify-end gap-2">
                    {formatCents(gift.amountCents + gift.feeCents)} <ProviderBadge provider={gift.provider} />
                  </span>
                </TableCell>
                <TableCell data-label="Since">{gift.startedAt ? formatDate(gift.startedAt) : "—"}</TableCell>
                <TableCell data-label="Next date">
                  {gift.nextChargeAt && gift.status !== "paused" ? formatDate(gift.nextChargeAt) : "—"}
                </TableCell>
                <TableCell data-label="Status">{STATUS[gift.status]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
