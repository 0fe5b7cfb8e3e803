import { getDb } from "~/db/context";
import { requireAdmin } from "~/features/accounts/guards.server";
import { financeExport } from "~/features/finance/csv/export.server";
import type { Route } from "./+types/finance-export";

/** /admin/finance/export/<table>.csv: a table of the finance page as CSV, for the period it names (admins). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return financeExport(getDb(context), new URL(request.url), params.table);
}
