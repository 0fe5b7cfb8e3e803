import { type CsvColumn, toCsv } from "~/core/csv";
import { formatCsvDateTime } from "~/core/format";
import { signedDollars } from "./dollars";
import { STREAM_LABELS, STREAMS } from "../figures/streams";
import type { FinancePage } from "../page.server";
import type { ExportTable } from "./hrefs";

/** The page's small tables as CSV (the staff CSV rules: `toCsv`, formula-safe); the ledger has its own stream. */
type Row = Record<string, string | number | null>;
const usd = signedDollars;
const cols = (headers: string[]): CsvColumn<Row>[] =>
  headers.map((header) => ({ header, value: (row) => row[header] }));

export function tableCsv(table: Exclude<ExportTable, "lines">, page: FinancePage): string {
  const { figures } = page;
  switch (table) {
    case "streams":
      return toCsv(
        [
          ...STREAMS.map((stream) => ({
            Figure: STREAM_LABELS[stream],
            Payments: figures.streams[stream].count,
            "Amount (USD)": usd(figures.streams[stream].payment),
          })),
          { Figure: "Gross", Payments: null, "Amount (USD)": usd(figures.gross) },
          { Figure: "Refunds", Payments: null, "Amount (USD)": usd(-figures.refunds) },
          { Figure: "Lost disputes", Payments: null, "Amount (USD)": usd(-figures.disputes) },
          {
            Figure: "Processor fees",
            Payments: null,
            "Amount (USD)": page.fees === null ? "not known" : usd(-page.fees),
          },
          { Figure: "Net", Payments: null, "Amount (USD)": usd(page.net) },
        ],
        cols(["Figure", "Payments", "Amount (USD)"]),
      );
    case "months":
      return toCsv(
        page.months.map((m) => ({
          Month: m.month,
          "Gross (USD)": usd(m.gross),
          "Refunds (USD)": usd(m.refunds),
          "Lost disputes (USD)": usd(m.disputes),
          "Fees (USD)": usd(m.fees),
          "Net (USD)": usd(m.net),
        })),
        cols(["Month", "Gross (USD)", "Refunds (USD)", "Lost disputes (USD)", "Fees (USD)", "Net (USD)"]),
      );
    case "tournaments":
      return toCsv(
        figures.tournaments.map((t) => ({
          Tournament: t.name,
          Date: t.date,
          Entries: t.entries,
          "Entry fees (USD)": usd(t.entryFees),
          "Judge fees (USD)": usd(t.judgeFees),
          Drops: t.drops,
          "Drop refunds (USD)": usd(t.dropRefunds),
          "Refunds (USD)": usd(t.refunds),
          "Lost disputes (USD)": usd(t.disputes),
          "Net (USD)": usd(t.net),
        })),
        cols([
          "Tournament",
          "Date",
          "Entries",
          "Entry fees (USD)",
          "Judge fees (USD)",
          "Drops",
          "Drop refunds (USD)",
          "Refunds (USD)",
          "Lost disputes (USD)",
          "Net (USD)",
        ]),
      );
    case "events":
      return toCsv(
        figures.tournaments.flatMap((t) =>
          t.events.map((e) => ({
            Tournament: t.name,
            Date: t.date,
            Event: e.event,
            Entries: e.entries,
            "Fees (USD)": usd(e.fees),
          })),
        ),
        cols(["Tournament", "Date", "Event", "Entries", "Fees (USD)"]),
      );
    case "campaigns":
      return toCsv(
        figures.giving.campaigns.map((c) => ({
          Campaign: c.name,
          Gifts: c.gifts,
          "Given (USD)": usd(c.gross),
          "Refunded (USD)": usd(c.refunds),
          "Lost disputes (USD)": usd(c.disputes),
          "Kept (USD)": usd(c.kept),
        })),
        cols(["Campaign", "Gifts", "Given (USD)", "Refunded (USD)", "Lost disputes (USD)", "Kept (USD)"]),
      );
    case "giving":
      return toCsv(
        figures.giving.months.map((m) => ({
          Month: m.month,
          "One-time gifts": m.oneTimeCount,
          "One-time (USD)": usd(m.oneTime),
          "Monthly gifts": m.monthlyCount,
          "Monthly (USD)": usd(m.monthly),
        })),
        cols(["Month", "One-time gifts", "One-time (USD)", "Monthly gifts", "Monthly (USD)"]),
      );
    case "payouts": {
      const checks = page.stripe.mode === "stripe" && page.stripe.ok ? page.stripe.reconciliation.checks : [];
      return toCsv(
        checks.flatMap((check) =>
          check.lines.map((line) => ({
            Payout: check.payout.id,
            "Payout created": formatCsvDateTime(new Date(check.payout.created * 1000)),
            "Payout (USD)": usd(check.stripeTotal),
            "Balance transaction": line.id,
            Type: line.type,
            Source: line.source,
            "Amount (USD)": usd(line.amount),
            "Fee (USD)": usd(line.fee),
            "Net (USD)": usd(line.net),
            "Matched to": line.match ? `${line.match.kind} ${line.match.id}` : "",
            "Site amount (USD)": line.match ? usd(line.match.siteAmount) : "",
          })),
        ),
        cols([
          "Payout",
          "Payout created",
          "Payout (USD)",
          "Balance transaction",
          "Type",
          "Source",
          "Amount (USD)",
          "Fee (USD)",
          "Net (USD)",
          "Matched to",
          "Site amount (USD)",
        ]),
      );
    }
  }
}
