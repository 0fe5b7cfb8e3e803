import { formatCents, formatDate, formatDateTime } from "~/core/format";
import { Notice } from "~/ui/notice";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { exportHref } from "../csv/hrefs";
import type { StripeSide } from "../page.server";
import type { Period } from "../period/period";
import type { MatchedLine, PayoutCheck } from "./reconcile";

const MATCH_LABELS = { order: "Order", gift: "Gift", refund: "Refund", dispute: "Dispute" } as const;

function matchText(line: MatchedLine): string {
  if (!line.match) return "No match on the site";
  const label = `${MATCH_LABELS[line.match.kind]} ${line.match.id.slice(0, 8)}`;
  return line.match.siteAmount === line.amount ? label : `${label} (site: ${formatCents(line.match.siteAmount)})`;
}

function LinesTable({ lines, caption }: { lines: MatchedLine[]; caption: string }) {
  return (
    <Table className="tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Stripe line</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col" className="text-right">
            Fee
          </TableHead>
          <TableHead scope="col">Matched to</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell>
              {line.type} <span className="text-xs text-muted-foreground">{line.source}</span>
            </TableCell>
            <TableCell className="text-right">{formatCents(line.amount)}</TableCell>
            <TableCell className="text-right">{formatCents(line.fee)}</TableCell>
            <TableCell>{matchText(line)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PayoutCard({ check }: { check: PayoutCheck }) {
  const ties = check.difference === 0 && check.linesTotal === check.stripeTotal;
  const arrives = formatDate(new Date(check.payout.arrivalDate * 1000));
  return (
    <details className="rounded-card border border-border bg-card p-3" open={!ties}>
      <summary className="cursor-pointer text-sm">
        <span className="font-semibold text-navy-900">Payout {check.payout.id}</span>, {check.payout.status}, arriving{" "}
        {arrives}: Stripe {formatCents(check.stripeTotal)}, the site {formatCents(check.siteTotal)}{" "}
        {ties ? (
          <span className="font-semibold text-success">ties out</span>
        ) : (
          <span className="font-semibold text-destructive">differs by {formatCents(check.difference)}</span>
        )}
      </summary>
      <div className="mt-3 grid gap-3">
        {check.linesTotal !== check.stripeTotal ? (
          <p className="text-sm text-destructive">
            Stripe’s lines add up to {formatCents(check.linesTotal)}, but the payout is {formatCents(check.stripeTotal)}
            : a line of {formatCents(check.stripeTotal - check.linesTotal)} is missing from Stripe’s list.
          </p>
        ) : null}
        {check.differing.length > 0 ? (
          <>
            <h4 className="text-sm font-semibold">The lines that make the difference</h4>
            <LinesTable lines={check.differing} caption={`Lines of payout ${check.payout.id} that differ`} />
          </>
        ) : null}
        <h4 className="text-sm font-semibold">Every line ({check.lines.length})</h4>
        <LinesTable lines={check.lines} caption={`Lines of payout ${check.payout.id}`} />
      </div>
    </details>
  );
}

/** Reconciliation with Stripe (decision 0053): each payout of the period checked to the cent. */
export function ReconciliationView({ stripe, period }: { stripe: StripeSide; period: Period }) {
  return (
    <section aria-labelledby="reconciliation-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reconciliation-heading" className="text-lg font-semibold text-navy-900">
          Reconciliation with Stripe
        </h2>
        {stripe.mode === "stripe" && stripe.ok ? (
          <a href={exportHref("payouts", period)} download className="text-sm underline">
            Payouts CSV
          </a>
        ) : null}
      </div>
      {stripe.mode === "sandbox" ? (
        <Notice tone="info">Payments go through the sandbox: there is nothing to reconcile with Stripe.</Notice>
      ) : !stripe.ok ? (
        <Notice tone="error">{stripe.message}</Notice>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            Read from Stripe at {formatDateTime(stripe.reconciliation.readAt)} (kept for two minutes).
          </p>
          {stripe.reconciliation.checks.length === 0 ? (
            <p className="text-sm text-muted-foreground">Stripe made no payout in this period.</p>
          ) : (
            stripe.reconciliation.checks.map((check) => <PayoutCard key={check.payout.id} check={check} />)
          )}
          <h3 className="text-base font-semibold text-navy-900">Site payments in no payout of the period</h3>
          {stripe.reconciliation.withoutLine.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Every Stripe payment and refund of the period is in a payout.
            </p>
          ) : (
            <Table className="tabular-nums">
              <caption className="sr-only">Site payments and refunds with no line in a payout of the period</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">When</TableHead>
                  <TableHead scope="col">What</TableHead>
                  <TableHead scope="col" className="text-right">
                    Amount
                  </TableHead>
                  <TableHead scope="col">Email</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stripe.reconciliation.withoutLine.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{formatDateTime(row.at)}</TableCell>
                    <TableCell>
                      {MATCH_LABELS[row.kind]} {row.id.slice(0, 8)}
                    </TableCell>
                    <TableCell className="text-right">{formatCents(row.amount)}</TableCell>
                    <TableCell>{row.email}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <p className="text-xs text-muted-foreground">
            A payment near the end of the period is often paid out in the next one.
          </p>
        </>
      )}
    </section>
  );
}
