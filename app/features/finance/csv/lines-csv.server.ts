import { type SQL, sql } from "drizzle-orm";
import { type CsvColumn, toCsv } from "~/core/csv";
import { formatCsvDateTime } from "~/core/format";
import { signedDollars } from "./dollars";
import type { Database } from "~/db/client.server";
import { ledger, ledgerTransaction } from "../figures/ledger.server";
import { LINE_KIND_LABELS, type LineKind, STREAM_LABELS, type Stream } from "../figures/streams";
import { monthSlices, type Period } from "../period/period";

/** One row of the ledger CSV: a payment, a refund or a lost dispute of one order. */
export type LedgerRow = {
  at: string | Date;
  kind: LineKind;
  stream: Stream;
  amount: number;
  order_id: string;
  ref: string;
  item_name: string;
  tournament_name: string | null;
  tournament_date: string | null;
  event_type: string | null;
  campaign: string | null;
  email: string;
};

const columns: CsvColumn<LedgerRow>[] = [
  { header: "Date", value: (row) => formatCsvDateTime(row.at) },
  { header: "Type", value: (row) => LINE_KIND_LABELS[row.kind] },
  { header: "Stream", value: (row) => STREAM_LABELS[row.stream] },
  // Money in is positive, money out (a refund, a lost dispute) negative: the column sums to what was kept. A number
  // cell, so a spreadsheet reads "-12.5" as minus twelve fifty (a text "-12.50" would be made safe as a formula).
  { header: "Amount (USD)", value: (row) => signedDollars(row.kind === "payment" ? row.amount : -row.amount) },
  { header: "Order ID", value: (row) => row.order_id },
  { header: "Reference", value: (row) => (row.kind === "payment" ? "" : row.ref) },
  { header: "Item", value: (row) => row.item_name },
  { header: "Tournament", value: (row) => row.tournament_name },
  { header: "Tournament Date", value: (row) => row.tournament_date },
  { header: "Event", value: (row) => (row.stream === "entry" ? row.event_type : "") },
  { header: "Campaign", value: (row) => row.campaign },
  { header: "Email", value: (row) => row.email },
];

export type LineFilter = { kind?: LineKind; stream?: Stream; tournament?: string; campaign?: string };

function lineRows(db: Database, slice: { from: string; to: string }, filter: LineFilter): Promise<LedgerRow[]> {
  const where: SQL[] = [sql`true`];
  if (filter.kind) where.push(sql`l.kind = ${filter.kind}`);
  if (filter.stream) where.push(sql`l.stream = ${filter.stream}`);
  if (filter.tournament) where.push(sql`l.tournament_key = ${filter.tournament}`);
  if (filter.campaign === "none") where.push(sql`l.campaign_id is null and l.stream in ('gift', 'monthly')`);
  else if (filter.campaign) where.push(sql`l.campaign_id::text = ${filter.campaign}`);
  return ledgerTransaction(db, (tx) =>
    tx.execute(
      sql`select l.*, c.name as campaign from ${ledger(slice.from, slice.to)} l
           left join campaigns c on c.id = l.campaign_id
          where ${sql.join(where, sql` and `)} order by l.at, l.kind, l.ref, l.order_id`,
    ),
  ).then((result) => (result as unknown as { rows: LedgerRow[] }).rows);
}

/**
 * The ledger of a period as CSV, streamed (decision 0053): read and written one month at a time, so a fiscal year
 * of 70,000 lines never sits in memory whole. Cells go through the staff CSV rules (`toCsv`: formula-safe).
 */
export function ledgerCsvStream(db: Database, period: Pick<Period, "from" | "to">, filter: LineFilter) {
  const slices = monthSlices(period);
  let index = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${toCsv([], columns)}\r\n`));
    },
    async pull(controller) {
      // A month with no lines writes nothing: read on until one has some (a pull must enqueue or close).
      for (;;) {
        const slice = slices[index++];
        if (!slice) return controller.close();
        const rows = await lineRows(db, slice, filter);
        if (rows.length === 0) continue;
        const text = toCsv(rows, columns);
        // toCsv writes the header first; the stream wrote it once already.
        return controller.enqueue(encoder.encode(`${text.slice(text.indexOf("\r\n") + 2)}\r\n`));
      }
    },
  });
}
