import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { csvFilename, csvResponse } from "~/core/csv";
import { parseOrderFilters } from "~/features/orders/filters";
import { entriesCsv } from "~/features/orders/order-csv";
import { entriesForExport } from "~/features/orders/orders.server";
import type { Route } from "./+types/orders-entries-export";

/** /orders/entries.csv: the roster behind the entry counts, one row per student and event. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  return csvResponse(entriesCsv(await entriesForExport(getDb(context), filters)), csvFilename("entries"));
}
