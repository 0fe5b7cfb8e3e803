import type { Actor } from "~/core/actor";
import type { Database, Transaction } from "~/db/client.server";
import { auditLog } from "~/db/schema/accounts";

export type AuditAction =
  | "user.create"
  | "user.role_change"
  | "user.role_remove"
  | "user.password_reset_request"
  | "password.reset"
  | "password.change"
  | "email.test"
  | "email.resend"
  | "email.discard"
  | "payment.resolve"
  | "contact.handle"
  | "contact.reopen"
  | "product.create"
  | "product.update"
  | "product.toggle"
  | "product.delete"
  | "product.reorder"
  | "payment.refund"
  | "checkout.hold_release"
  | "user.two_factor_enable"
  | "user.two_factor_reset"
  | "campaign.create"
  | "campaign.update"
  | "campaign.delete"
  | "donation.summary_send"
  | "site.publish"
  | "site.restore"
  | "site.import"
  | "site.discard"
  | "tournament.settings"
  | "tournament.drop"
  | "tournament.name"
  | "tournament.school_merge"
  | "tournament.message"
  | "tournament.judge_settings"
  | "tournament.judge_assign"
  | "tournament.judge_accept"
  | "tournament.judge_move"
  | "entry.change"
  | "entry.request"
  | "entry.approve"
  | "entry.decline"
  | "coach.invite"
  | "coach.invite_resend"
  | "coach.invite_withdraw"
  | "coach.accept"
  | "coach.schools_add"
  | "coach.school_remove"
  | "coach.remove"
  | "coach.export"
  | "finance.settings";

/** Records an admin (or account) action: who, what, to whom, when. */
export async function writeAudit(
  db: Database | Transaction,
  entry: { actor: Actor; action: AuditAction; target?: Actor | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetUserId: entry.target?.id ?? null,
    targetEmail: entry.target?.email ?? null,
    details: entry.details ?? null,
  });
}

/**
 * A staff change and its audit entry, together or not at all: `change` runs in a transaction and returns what it
 * changed, or null when there was nothing to change; then the entry `entry` describes is written in the same
 * transaction. Returns what changed, or null.
 */
export async function auditedChange<T>(
  db: Database,
  actor: Actor,
  change: (tx: Transaction) => Promise<T | null | undefined>,
  entry: (changed: T) => { action: AuditAction; details: Record<string, unknown> },
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed === null || changed === undefined) return null;
    await writeAudit(tx, { actor, ...entry(changed) });
    return changed;
  });
}
