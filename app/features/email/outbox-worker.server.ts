import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { emailOutbox, type EmailOutboxRow } from "~/db/schema/email";
import { isPermanentFailure, retryDelayMs, retryPolicy } from "./backoff";
import { blankSecrets, messageIdFor, REMOVED_AFTER_SENDING } from "./message";
import { defaultTransport, type MailTransport } from "./transport.server";
import { runRepeatedly } from "~/db/periodic-worker.server";

export type DeliveryOptions = {
  transport: MailTransport;
  from: string;
  /** Messages claimed per round. */
  batchSize?: number;
  /**
   * How long a claimed message stays invisible to other workers while it is
   * being sent. Renewed just before each send, so it only has to cover one
   * send (SMTP timeouts are far shorter, and SEND_DEADLINE_MS caps a send).
   * A worker that dies mid-send leaves the message to be retried after it.
   */
  leaseMs?: number;
  maxAttempts?: number;
  /** The wait before the next try (default: the backoff from OUTBOX_RETRY_MS). */
  retryDelay?: (attempts: number) => number;
  /** Longest one send may take before it counts as failed (default SEND_DEADLINE_MS). */
  sendDeadlineMs?: number;
  /** True once the server is stopping: the messages not yet sent are given back (releaseClaims). */
  stopping?: () => boolean;
};

export type DeliveryReport = { sent: number; retried: number; failed: number };

/** The lease; a send is capped at less than half of it. */
export const LEASE_MS = 5 * 60_000;
export const SEND_DEADLINE_MS = 2 * 60_000;

type Claimed = EmailOutboxRow & { claimToken: string };

/**
 * Claims the due messages and marks them taken in one statement, with a
 * token of this claim. FOR UPDATE SKIP LOCKED lets several server instances
 * on one PostgreSQL poll together: each row goes to exactly one of them. Every
 * later update of a row checks the token, so a worker whose lease ran out
 * (and whose row another worker claimed since) can no longer change it.
 */
async function claimDue(db: Database, batchSize: number, leaseMs: number): Promise<Claimed[]> {
  const token = randomUUID();
  const result = await db.execute(sql`
    update ${emailOutbox}
       set attempts = attempts + 1,
           claim_token = ${token},
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     where id in (
       select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked)
    returning id`);
  // Both drivers answer `{ rows }`; the shared Database type does not say so.
  const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db.query.emailOutbox.findMany({
    where: (table, { and: both, eq: equals, inArray }) => both(inArray(table.id, ids), equals(table.claimToken, token)),
  });
  return rows.map((row) => ({ ...row, claimToken: token }));
}

/** Ours while the token matches and the row is still pending. */
const held = (row: Claimed) =>
  and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, row.claimToken), eq(emailOutbox.status, "pending"));

/** Renews this message's lease just before its send; false when the claim was lost. */
async function renewLease(db: Database, row: Claimed, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(held(row))
    .returning({ id: emailOutbox.id });
  return renewed.length === 1;
}

/**
 * Records a successful send. It is the write after a send that already
 * happened, so it is retried on its own and never turns into "send again";
 * a sensitive message's text goes now, and a kept message's secrets.
 */
async function recordSent(db: Database, row: Claimed): Promise<boolean> {
  const done = {
    status: "sent" as const,
    sentAt: new Date(),
    lastError: null,
    claimToken: null,
    ...(row.secrets?.length
      ? { text: blankSecrets(row.text, row.secrets), html: blankSecrets(row.html, row.secrets), secrets: null }
      : {}),
    ...(row.sensitive ? { text: REMOVED_AFTER_SENDING, html: `<p>${REMOVED_AFTER_SENDING}</p>` } : {}),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const updated = await db.update(emailOutbox).set(done).where(held(row)).returning({ id: emailOutbox.id });
      return updated.length === 1;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`send took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** One round of the worker: sends what is due and records each outcome. */
export async function deliverDueEmails(db: Database, options: DeliveryOptions): Promise<DeliveryReport> {
  const maxAttempts = options.maxAttempts ?? retryPolicy.maxAttempts;
  const baseDelayMs = env().OUTBOX_RETRY_MS;
  const retryDelay = options.retryDelay ?? ((attempts) => retryDelayMs(attempts, { ...retryPolicy, baseDelayMs }));
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const claimed = await claimDue(db, options.batchSize ?? 10, leaseMs);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (const [index, row] of claimed.entries()) {
    if (options.stopping?.()) {
      await releaseClaims(db, claimed.slice(index));
      break;
    }
    if (!(await renewLease(db, row, leaseMs))) {
      logger.warn({ emailId: row.id }, "email claim lost before sending; left to its new holder");
      continue;
    }
    try {
      await withDeadline(
        options.transport.send({
          from: options.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          messageId: row.messageId ?? messageIdFor(row.id, options.from),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        }),
        options.sendDeadlineMs ?? SEND_DEADLINE_MS,
      );
    } catch (error) {
      const lastError = describe(error);
      const giveUp = isPermanentFailure(error) || row.attempts >= maxAttempts;
      await db
        .update(emailOutbox)
        .set(
          giveUp
            ? { status: "failed", lastError, claimToken: null }
            : { lastError, claimToken: null, nextAttemptAt: new Date(Date.now() + retryDelay(row.attempts)) },
        )
        .where(held(row));
      report[giveUp ? "failed" : "retried"] += 1;
      (giveUp ? logger.error : logger.warn).call(
        logger,
        { emailId: row.id, attempts: row.attempts, err: lastError },
        giveUp ? "email failed for good" : "email send failed; will retry",
      );
      continue;
    }
    report.sent += 1;
    try {
      const recorded = await recordSent(db, row);
      if (recorded) logger.info({ emailId: row.id, attempts: row.attempts }, "email sent");
      else logger.warn({ emailId: row.id }, "email sent, but its claim had passed to another worker");
    } catch (error) {
      // Sent, but not recorded: it stays claimed until the lease ends and may then go out once more
      // (with the same Message-ID). Not a failed send.
      logger.error({ emailId: row.id, err: error }, "email sent but could not be marked sent");
    }
  }
  return report;
}

/**
 * Gives claimed, unsent messages back at shutdown: due now, the attempt not
 * counted, so another instance sends them at once instead of after the lease.
 */
async function releaseClaims(db: Database, rows: Claimed[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(emailOutbox)
      .set({ claimToken: null, nextAttemptAt: sql`now()`, attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)` })
      .where(held(row))
      .catch((error: unknown) =>
        logger.warn({ emailId: row.id, err: error }, "email claim not released; it waits for its lease"),
      );
  }
  logger.info({ released: rows.length }, "stopping: unsent emails released to other instances");
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
 * Polls the outbox (every OUTBOX_POLL_MS) until stopped. Pending messages live
 * in the database, so a restart simply picks them up again.
 */
export function startOutboxWorker(
  db: Database,
  options: Partial<DeliveryOptions> & { intervalMs?: number } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? env().OUTBOX_POLL_MS;
  let lastPrune = 0;
  // The one background loop (runRepeatedly): the next round OUTBOX_POLL_MS after this one ends; stopping drains.
  return runRepeatedly("email outbox round", intervalMs, async (round) => {
    if (Date.now() - lastPrune > 60 * 60_000) {
      lastPrune = Date.now();
      const removed = await pruneSentEmails(db);
      if (removed > 0) logger.info({ removed }, "old sent emails pruned");
    }
    const transport = options.transport ?? defaultTransport();
    // Drain the backlog before sleeping again.
    let busy = true;
    while (busy && !round.stopping()) {
      const report = await deliverDueEmails(db, {
        ...options,
        transport,
        from: options.from ?? env().MAIL_FROM,
        stopping: round.stopping,
      });
      busy = report.sent + report.retried + report.failed > 0;
    }
  });
}

/** The server's registration (server/workers.ts). */
export const outboxWorker = {
  name: "email-outbox",
  start: (handle: DatabaseHandle) => startOutboxWorker(handle.db),
};
