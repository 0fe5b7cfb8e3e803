import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { tournamentSettings } from "~/db/schema/tournaments";
import { describeRefundPolicy } from "~/features/tournaments/refund-policy";
import { refundPolicyOf } from "~/features/tournaments/refund-policy.server";
import { closingDay } from "~/features/tournaments/window";

/**
 * What the entries page says about drops, per tournament key (decision 0048): its refund policy in plain words,
 * e.g. "A drop by Dec 5 refunds the whole fee; after that, nothing is refunded."
 */
export async function dropTerms(
  db: Database,
  tournaments: ReadonlyArray<{ key: string; date: string }>,
): Promise<Map<string, string>> {
  const keys = [...new Set(tournaments.map((item) => item.key))];
  const rows = keys.length
    ? await db.select().from(tournamentSettings).where(inArray(tournamentSettings.key, keys))
    : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return new Map(
    tournaments.map((item) => {
      const row = byKey.get(item.key);
      return [item.key, describeRefundPolicy(refundPolicyOf(row), closingDay(item.date, row))];
    }),
  );
}
