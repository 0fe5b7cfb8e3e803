import { formatCents } from "~/core/format";
import { stackedTable } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { exportHref } from "../csv/hrefs";
import type { Period } from "../period/period";
import type { TournamentFigures } from "./tournaments.server";

/** By tournament (decision 0053): fees, drops and their refunds, judge fees, net; each tournament's events below it. */
export function TournamentsTable({ rows, period }: { rows: TournamentFigures; period: Period }) {
  return (
    <section aria-labelledby="tournaments-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tournaments-heading" className="text-lg font-semibold text-navy-900">
          By tournament
        </h2>
        <p className="flex gap-3 text-sm">
          <a href={exportHref("tournaments", period)} download className="underline">
            Tournaments CSV
          </a>
          <a href={exportHref("events", period)} download className="underline">
            Events CSV
          </a>
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tournament money in this period.</p>
      ) : (
        <Table className={`tabular-nums ${stackedTable}`}>
          <caption className="sr-only">Money by tournament for {period.label}</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Tournament</TableHead>
              <TableHead scope="col" className="text-right">
                Entries
              </TableHead>
              <TableHead scope="col" className="text-right">
                Entry fees
              </TableHead>
              <TableHead scope="col" className="text-right">
                Judge fees
              </TableHead>
              <TableHead scope="col" className="text-right">
                Drops
              </TableHead>
              <TableHead scope="col" className="text-right">
                Refunds
              </TableHead>
              <TableHead scope="col" className="text-right">
                Lost disputes
              </TableHead>
              <TableHead scope="col" className="text-right">
                Net
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell data-label="Tournament">
                  <a
                    href={exportHref("lines", period, { tournament: row.key })}
                    download
                    className="font-medium underline"
                  >
                    {row.name}
                  </a>
                  {row.date ? <span className="block text-xs text-muted-foreground">{row.date}</span> : null}
                  {row.events.length > 0 ? (
                    <ul className="mt-1 text-xs text-muted-foreground" aria-label={`${row.name}: entries by event`}>
                      {row.events.map((event) => (
                        <li key={event.event}>
                          {event.event || "(no event)"}: {event.entries}, {formatCents(event.fees)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </TableCell>
                <TableCell data-label="Entries" className="text-right">
                  {row.entries}
                </TableCell>
                <TableCell data-label="Entry fees" className="text-right">
                  {formatCents(row.entryFees)}
                </TableCell>
                <TableCell data-label="Judge fees" className="text-right">
                  {formatCents(row.judgeFees)}
                </TableCell>
                <TableCell data-label="Drops" className="text-right">
                  {row.drops}
                  {row.dropRefunds ? ` (${formatCents(row.dropRefunds)} refunded)` : ""}
                </TableCell>
                <TableCell data-label="Refunds" className="text-right">
                  {formatCents(row.refunds)}
                </TableCell>
                <TableCell data-label="Lost disputes" className="text-right">
                  {formatCents(row.disputes)}
                </TableCell>
                <TableCell data-label="Net" className="text-right font-semibold">
                  {formatCents(row.net)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-xs text-muted-foreground">
        Net per tournament is before processor fees, which Stripe takes per payment, not per tournament.
      </p>
    </section>
  );
}
