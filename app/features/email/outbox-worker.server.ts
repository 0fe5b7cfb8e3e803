import { and, eq, lt, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { emailOutbox, type EmailOutboxRow } from "~/db/schema/email";
import { isPermanentFailure, retryDelayMs, retryPolicy } from "./backoff";
import { defaultTransport, type MailTransport } from "./transport.server";

export type DeliveryOptions = {
  transport: MailTransport;
  from: string;
  /** Messages claimed per round. */
  batchSize?: number;
  /**
   * How long a claimed message stays invisible to other workers while it is
   * being sent. A worker that dies mid-send leaves it to be retried after this.
   */
  leaseMs?: number;
  maxAttempts?: number;
  retryDelay?: (attempts: number) => number;
};

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Claims the due messages and marks them taken in one statement. FOR UPDATE
 * SKIP LOCKED lets several server instances on one PostgreSQL poll together:
 * each row goes to exactly one of them, and the lease keeps it from being
 * claimed again while its send is in flight.
 */
async function claimDue(db: Database, batchSize: number, leaseMs: number): Promise<EmailOutboxRow[]> {
  const result = await db.execute(sql`
    update ${emailOutbox}
       set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     where id in (
       select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked)
    returning id`);
  // Both drivers answer `{ rows }`; the shared Database type does not say so.
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.query.emailOutbox.findMany({ where: (table, { inArray }) => inArray(table.id, ids) });
}

/** One round of the worker: sends what is due and records each outcome. */
export async function deliverDueEmails(db: Database, options: DeliveryOptions): Promise<DeliveryReport> {
  const maxAttempts = options.maxAttempts ?? retryPolicy.maxAttempts;
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const claimed = await claimDue(db, options.batchSize ?? 10, options.leaseMs ?? 5 * 60_000);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await options.transport.send({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending")));
      report.sent += 1;
      logger.info({ emailId: row.id, attempts: row.attempts }, "email sent");
    } catch (error) {
      const lastError = describe(error);
      const giveUp = isPermanentFailure(error) || row.attempts >= maxAttempts;
      await db
        .update(emailOutbox)
        .set(
          giveUp
            ? { status: "failed", lastError }
            : { lastError, nextAttemptAt: new Date(Date.now() + retryDelay(row.attempts)) },
        )
        .where(eq(emailOutbox.id, row.id));
      report[giveUp ? "failed" : "retried"] += 1;
      (giveUp ? logger.error : logger.warn).call(
        logger,
        { emailId: row.id, attempts: row.attempts, err: lastError },
        giveUp ? "email failed for good" : "email send failed; will retry",
      );
    }
  }
  return report;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

/** Sent messages are kept as a delivery log for this long, then removed. */
export const SENT_RETENTION_DAYS = 90;

/** Removes sent messages older than the retention; pending and failed ones stay for staff to see. */
export async function pruneSentEmails(db: Database, olderThanDays = SENT_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanDays * 24 * 60 * 60_000);
  const removed = await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.status, "sent"), lt(emailOutbox.sentAt, cutoff)))
    .returning({ id: emailOutbox.id });
  return removed.length;
}

/**
 * Polls the outbox until stopped. Pending messages live in the database, so
 * a restart simply picks them up again.
 */
export function startOutboxWorker(
  db: Database,
  options: Partial<DeliveryOptions> & { intervalMs?: number } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? 3000;
  // An object, so the drain loop sees a stop requested while it awaits.
  const state = { stopped: false };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  let lastPrune = 0;
  const tick = () => {
    running = (async () => {
      try {
        if (Date.now() - lastPrune > 60 * 60_000) {
          lastPrune = Date.now();
          const removed = await pruneSentEmails(db);
          if (removed > 0) logger.info({ removed }, "old sent emails pruned");
        }
        const transport = options.transport ?? defaultTransport();
        // Drain the backlog before sleeping again.
        let busy = true;
        while (busy && !state.stopped) {
          const report = await deliverDueEmails(db, { ...options, transport, from: options.from ?? env().MAIL_FROM });
          busy = report.sent + report.retried + report.failed > 0;
        }
      } catch (error) {
        logger.error({ err: error }, "email outbox round failed");
      }
      if (!state.stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  tick();

  return async () => {
    state.stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** The server's registration (server/workers.ts). */
export const outboxWorker = {
  name: "email-outbox",
  start: (handle: DatabaseHandle) => startOutboxWorker(handle.db),
};
