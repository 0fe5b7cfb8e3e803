import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { csvFilename, csvResponse } from "~/core/csv";
import { parseOrderFilters } from "~/features/orders/filters";
import { ordersCsv } from "~/features/orders/order-csv";
import { ordersForExport } from "~/features/orders/orders.server";
import type { Route } from "./+types/orders-export";

/** /orders/export.csv: the orders the dashboard shows with the same filters, every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  return csvResponse(ordersCsv(await ordersForExport(getDb(context), filters)), csvFilename("orders"));
}
