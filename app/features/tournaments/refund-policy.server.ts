import { and, eq, max, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { tournamentSettings, type TournamentSettings } from "~/db/schema/tournaments";
import type { Actor } from "~/core/actor";
import { auditedChange } from "~/features/accounts/audit.server";
import { DEFAULT_REFUND_POLICY, type RefundPolicy } from "./refund-policy";

/** A tournament's refund policy from its settings row (no row: the defaults). */
export function refundPolicyOf(
  row: Pick<TournamentSettings, "refundFullUntil" | "refundAfterCents"> | null | undefined,
): RefundPolicy {
  return row ? { refundFullUntil: row.refundFullUntil, refundAfterCents: row.refundAfterCents } : DEFAULT_REFUND_POLICY;
}

/**
 * The entry fee the policy's set amount is bounded by: the highest price of the active tournament entry products
 * (the registration kind staff chose in Manage Products), or null when there is none.
 */
export async function entryFeeCents(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ fee: max(products.price) })
    .from(products)
    .where(and(eq(products.registrationKind, "tournamentEntry"), eq(products.isActive, true)));
  return row?.fee ?? null;
}

/** Saves a tournament's refund policy (a new settings row or the key's), audited; the other settings stay. */
export async function saveRefundPolicy(
  db: Database,
  actor: Actor,
  tournament: { key: string; title: string; date: string },
  policy: RefundPolicy,
): Promise<void> {
  await auditedChange(
    db,
    actor,
    async (tx) => {
      const values = { ...policy, updatedAt: new Date(), updatedBy: actor.email };
      const [row] = await tx
        .insert(tournamentSettings)
        .values({ key: tournament.key, title: tournament.title, date: tournament.date, ...values })
        .onConflictDoUpdate({ target: tournamentSettings.key, set: { ...values, key: sql`excluded.key` } })
        .returning();
      return row;
    },
    (row) => ({
      action: "tournament.settings",
      details: { key: row.key, refundFullUntil: row.refundFullUntil, refundAfterCents: row.refundAfterCents },
    }),
  );
}
