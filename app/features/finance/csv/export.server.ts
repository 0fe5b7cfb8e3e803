import { data } from "react-router";
import { csvFilename, csvResponse } from "~/core/csv";
import type { Database } from "~/db/client.server";
import { isLineKind, isStream } from "../figures/streams";
import { financePage } from "../page.server";
import { fiscalStartMonth } from "../period/fiscal-setting.server";
import { districtDay, parsePeriod } from "../period/period";
import { exportTableOf } from "./hrefs";
import { ledgerCsvStream, type LineFilter } from "./lines-csv.server";
import { tableCsv } from "./tables-csv";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which ledger lines a download asks for; a value the page never links to is refused (400). */
function lineFilter(params: URLSearchParams): LineFilter | string {
  const filter: LineFilter = {};
  const kind = params.get("kind");
  const stream = params.get("stream");
  const tournament = params.get("tournament");
  const campaign = params.get("campaign");
  if (kind !== null) {
    if (!isLineKind(kind)) return "Unknown kind of line.";
    filter.kind = kind;
  }
  if (stream !== null) {
    if (!isStream(stream)) return "Unknown stream.";
    filter.stream = stream;
  }
  if (tournament !== null) {
    if (tournament.length === 0 || tournament.length > 300) return "Unknown tournament.";
    filter.tournament = tournament;
  }
  if (campaign !== null) {
    if (campaign !== "none" && !UUID.test(campaign)) return "Unknown campaign.";
    filter.campaign = campaign;
  }
  return filter;
}

/** /admin/finance/export/<table>.csv?<period>: one table of the finance page, the ledger streamed. */
export async function financeExport(db: Database, url: URL, table: string | undefined): Promise<Response> {
  const name = exportTableOf(table);
  if (!name) throw data("There is no such finance table.", { status: 404 });
  const parsed = parsePeriod(url.searchParams, await fiscalStartMonth(db), districtDay(new Date()));
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  const filename = csvFilename(`finance-${name}-${parsed.period.from}-to-${parsed.period.to}`).replace(
    /-\d{4}-\d{2}-\d{2}\.csv$/,
    ".csv",
  );
  if (name === "lines") {
    const filter = lineFilter(url.searchParams);
    if (typeof filter === "string") throw data(filter, { status: 400 });
    return csvResponse(ledgerCsvStream(db, parsed.period, filter), filename);
  }
  return csvResponse(tableCsv(name, await financePage(db, url)), filename);
}
