import { getDb } from "~/db/context";
import { requireUser } from "~/features/accounts/guards.server";
import { donationsCsv } from "~/features/donations/donation-csv";
import { donationsForExport, parseDonationFilters } from "~/features/donations/donations.server";
import { monthlyCheckoutIds } from "~/features/donations/monthly/admin.server";
import { csvFilename, csvResponse } from "~/core/csv";
import type { Route } from "./+types/donations-export";

/** /admin/donations/export.csv: the donations matching the email search, every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  const rows = await donationsForExport(getDb(context), filters);
  const monthly = await monthlyCheckoutIds(
    getDb(context),
    rows.map((row) => row.checkoutId),
  );
  return csvResponse(donationsCsv(rows, monthly), csvFilename("donations"));
}
