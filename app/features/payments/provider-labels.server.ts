import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkouts, type PaymentProviderName } from "~/db/schema";

/**
 * The dashboards' rows with their checkout's provider (decision 0024): one
 * look-up by primary key for a page of rows, so a sandbox order never passes
 * for a paid one.
 */
export async function withProviders<Row extends { checkoutId: string | null }>(
  db: Database,
  rows: Row[],
): Promise<Array<Row & { provider: PaymentProviderName | null }>> {
  const ids = [...new Set(rows.flatMap((row) => (row.checkoutId ? [row.checkoutId] : [])))];
  const found = ids.length
    ? await db
        .select({ id: checkouts.id, provider: checkouts.provider })
        .from(checkouts)
        .where(inArray(checkouts.id, ids))
    : [];
  const byId = new Map(found.map((row) => [row.id, row.provider]));
  return rows.map((row) => ({ ...row, provider: (row.checkoutId && byId.get(row.checkoutId)) || null }));
}
