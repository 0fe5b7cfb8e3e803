import { and, count, desc, eq, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { emailOutbox } from "~/db/schema/email";

/**
 * What staff see of the outbox (/admin/mail): messages that failed for good,
 * and messages that have been retrying for a while (a wrong SMTP password or
 * an outage shows here within minutes, not after a day of silent retries).
 * "Send again" puts one back in the queue, due now.
 */

/** A pending message that has failed at least once and was queued this long ago is "retrying". */
export const LONG_RETRY_MINUTES = 15;

function needsAttention(now: Date): SQL {
  const since = new Date(now.getTime() - LONG_RETRY_MINUTES * 60_000);
  return or(
    eq(emailOutbox.status, "failed"),
    and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.lastError), lt(emailOutbox.createdAt, since)),
  )!;
}

/** The number in the sidebar. */
export async function countMailProblems(db: Database, now = new Date()): Promise<number> {
  const [row] = await db.select({ value: count() }).from(emailOutbox).where(needsAttention(now));
  return Number(row?.value ?? 0);
}

export type MailProblem = {
  id: string;
  to: string;
  subject: string;
  state: "failed" | "retrying";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
};

/** The newest 100 (the page says when there are more). */
export async function listMailProblems(db: Database, now = new Date(), limit = 100): Promise<MailProblem[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .where(needsAttention(now))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map(({ status, ...row }) => ({ ...row, state: status === "failed" ? "failed" : "retrying" }));
}

/**
 * Puts a failed or waiting message back in the queue, due now, with a fresh
 * count of tries (so it gets the whole backoff again). A message being sent
 * right now (claimed, lease running) is left alone. Returns its subject, or
 * null when there was nothing to send again.
 */
export async function sendAgain(
  db: Database | Transaction,
  id: string,
): Promise<{ subject: string; to: string } | null> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, claimToken: null })
    .where(
      and(
        eq(emailOutbox.id, id),
        or(eq(emailOutbox.status, "failed"), and(eq(emailOutbox.status, "pending"), isNotNull(emailOutbox.lastError))),
        // Not while a worker holds it: its claim's lease is still running.
        or(sql`${emailOutbox.claimToken} is null`, lt(emailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .returning({ subject: emailOutbox.subject, to: emailOutbox.to });
  return row ?? null;
}

/** Removes a failed message staff have dealt with another way (a wrong address, for example). */
export async function discardFailed(
  db: Database | Transaction,
  id: string,
): Promise<{ subject: string; to: string } | null> {
  const [row] = await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ subject: emailOutbox.subject, to: emailOutbox.to });
  return row ?? null;
}
