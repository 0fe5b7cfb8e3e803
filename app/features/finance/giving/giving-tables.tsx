import { formatCents, formatMonthKey } from "~/core/format";
import { stackedTable } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { exportHref } from "../csv/hrefs";
import type { Period } from "../period/period";
import type { GivingFigures } from "./giving.server";

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-card border border-border bg-card px-4 py-3">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-lg font-semibold text-navy-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Giving (decision 0053): by campaign, by month one-time and monthly, donors, tributes, year-end summaries. */
export function GivingTables({ giving, period }: { giving: GivingFigures; period: Period }) {
  return (
    <section aria-labelledby="giving-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="giving-heading" className="text-lg font-semibold text-navy-900">
          Giving
        </h2>
        <p className="flex gap-3 text-sm">
          <a href={exportHref("campaigns", period)} download className="underline">
            Campaigns CSV
          </a>
          <a href={exportHref("giving", period)} download className="underline">
            Gifts by month CSV
          </a>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat
          label="Donors"
          value={`${giving.donors.total} (${giving.donors.new} new, ${giving.donors.returning} returning)`}
        />
        <Stat label="In memory" value={`${giving.tributes.memoryCount} · ${formatCents(giving.tributes.memory)}`} />
        <Stat label="In honor" value={`${giving.tributes.honorCount} · ${formatCents(giving.tributes.honor)}`} />
        <Stat
          label="Year-end summaries sent"
          value={`${giving.summaries.sent}${giving.summaries.corrected ? ` (${giving.summaries.corrected} corrected)` : ""}`}
        />
      </dl>
      <Table className={`tabular-nums ${stackedTable}`}>
        <caption className="sr-only">Gifts by campaign for {period.label}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Campaign</TableHead>
            <TableHead scope="col" className="text-right">
              Gifts
            </TableHead>
            <TableHead scope="col" className="text-right">
              Given
            </TableHead>
            <TableHead scope="col" className="text-right">
              Refunded
            </TableHead>
            <TableHead scope="col" className="text-right">
              Lost disputes
            </TableHead>
            <TableHead scope="col" className="text-right">
              Kept
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {giving.campaigns.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>No gifts in this period.</TableCell>
            </TableRow>
          ) : (
            giving.campaigns.map((row) => (
              <TableRow key={row.id ?? "none"}>
                <TableCell data-label="Campaign">
                  <a href={exportHref("lines", period, { campaign: row.id ?? "none" })} download className="underline">
                    {row.name}
                  </a>
                </TableCell>
                <TableCell data-label="Gifts" className="text-right">
                  {row.gifts}
                </TableCell>
                <TableCell data-label="Given" className="text-right">
                  {formatCents(row.gross)}
                </TableCell>
                <TableCell data-label="Refunded" className="text-right">
                  {formatCents(row.refunds)}
                </TableCell>
                <TableCell data-label="Lost disputes" className="text-right">
                  {formatCents(row.disputes)}
                </TableCell>
                <TableCell data-label="Kept" className="text-right font-semibold">
                  {formatCents(row.kept)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {giving.months.length > 0 ? (
        <Table className={`tabular-nums ${stackedTable}`}>
          <caption className="sr-only">Gifts by month, one-time and monthly, for {period.label}</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Month</TableHead>
              <TableHead scope="col" className="text-right">
                One-time gifts
              </TableHead>
              <TableHead scope="col" className="text-right">
                Monthly gifts
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {giving.months.map((month) => (
              <TableRow key={month.month}>
                <TableCell data-label="Month">{formatMonthKey(month.month)}</TableCell>
                <TableCell data-label="One-time gifts" className="text-right">
                  {month.oneTimeCount} · {formatCents(month.oneTime)}
                </TableCell>
                <TableCell data-label="Monthly gifts" className="text-right">
                  {month.monthlyCount} · {formatCents(month.monthly)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
