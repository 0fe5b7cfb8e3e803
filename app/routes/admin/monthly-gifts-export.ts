import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { monthlyGiftsCsv } from "~/features/donations/monthly/admin.server";
import { csvFilename, csvResponse } from "~/core/csv";
import type { Route } from "./+types/monthly-gifts-export";

/** /admin/donations/monthly.csv: every monthly gift past its first month (decision 0033), guarded like the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return csvResponse(await monthlyGiftsCsv(getDb(context)), csvFilename("monthly-gifts"));
}
