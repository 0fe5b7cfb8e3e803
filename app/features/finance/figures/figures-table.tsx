import { formatCents } from "~/core/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { exportHref } from "../csv/hrefs";
import type { FinancePage } from "../page.server";
import { STREAM_LABELS, STREAMS } from "./streams";

/** A figure that links to the ledger rows behind it (the CSV), so every cent can be traced. */
function Figure({ cents, href, label }: { cents: number; href: string; label: string }) {
  return (
    <a
      href={href}
      download
      className="underline decoration-navy-300 underline-offset-2 hover:decoration-navy-700"
      aria-label={`${formatCents(cents)}: ${label}, download the rows`}
    >
      {formatCents(cents)}
    </a>
  );
}

/** The period's figures (decision 0053): gross by stream, refunds, lost disputes, processor fees, net. */
export function FiguresTable({ page }: { page: FinancePage }) {
  const { figures, period } = page;
  const rows = (kind: "payment" | "refund" | "dispute", stream?: string) =>
    exportHref("lines", period, { kind, ...(stream ? { stream } : {}) });
  return (
    <section aria-labelledby="figures-heading" className="grid gap-3">
      <h2 id="figures-heading" className="text-lg font-semibold text-navy-900">
        The period in figures
      </h2>
      <Table className="tabular-nums">
        <caption className="sr-only">Gross by stream, what went out, and net, for {period.label}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Figure</TableHead>
            <TableHead scope="col" className="text-right">
              Payments
            </TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {STREAMS.map((stream) => (
            <TableRow key={stream}>
              <TableHead scope="row" className="font-normal">
                {STREAM_LABELS[stream]}
              </TableHead>
              <TableCell className="text-right">{figures.streams[stream].count}</TableCell>
              <TableCell className="text-right">
                <Figure
                  cents={figures.streams[stream].payment}
                  href={rows("payment", stream)}
                  label={STREAM_LABELS[stream]}
                />
              </TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableHead scope="row">Gross</TableHead>
            <TableCell />
            <TableCell className="text-right">
              <Figure cents={figures.gross} href={rows("payment")} label="gross" />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableHead scope="row" className="font-normal">
              Refunds
            </TableHead>
            <TableCell />
            <TableCell className="text-right">
              −<Figure cents={figures.refunds} href={rows("refund")} label="refunds" />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableHead scope="row" className="font-normal">
              Lost disputes
            </TableHead>
            <TableCell />
            <TableCell className="text-right">
              −<Figure cents={figures.disputes} href={rows("dispute")} label="lost disputes" />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableHead scope="row" className="font-normal">
              Processor fees
            </TableHead>
            <TableCell />
            <TableCell className="text-right">
              {page.fees === null ? (
                "not known"
              ) : page.stripe.mode === "sandbox" ? (
                `−${formatCents(0)}`
              ) : (
                <>
                  −<Figure cents={page.fees} href={exportHref("payouts", period)} label="processor fees" />
                </>
              )}
            </TableCell>
          </TableRow>
          <TableRow className="font-semibold">
            <TableHead scope="row">Net</TableHead>
            <TableCell />
            <TableCell className="text-right">{formatCents(page.net)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <p className="text-xs text-muted-foreground">
        Cash basis: each amount counts on the New York day it happened, a refund on the day it was made and a lost
        dispute on the day it was lost.{" "}
        {page.stripe.mode === "sandbox"
          ? "The sandbox charges no processor fees."
          : "Processor fees are Stripe's, from its balance transactions of the period."}
      </p>
    </section>
  );
}
