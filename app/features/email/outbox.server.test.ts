import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "~/db/schema/email";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { retryDelayMs } from "./backoff";
import { REMOVED_AFTER_SENDING, SECRET_REMOVED } from "./message";
import { deliverDueEmails, LEASE_MS, pruneSentEmails, SEND_DEADLINE_MS } from "./outbox-worker.server";
import { queueEmail } from "./outbox.server";
import { smtpTimeouts, type MailTransport } from "./transport.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

function recordingTransport(failWith?: () => Error) {
  const sent: { to: string; subject: string; replyTo?: string }[] = [];
  const transport: MailTransport = {
    kind: "file",
    async send(message) {
      const error = failWith?.();
      if (error) throw error;
      sent.push({ to: String(message.to), subject: message.subject, replyTo: message.replyTo });
    },
    close() {},
  };
  return { sent, transport };
}

const message = { to: ["a@example.org", "b@example.org"], subject: "Hello", text: "Hi", html: "<p>Hi</p>" };

describe("email outbox", () => {
  it("queues a pending message with its recipients and reply-to", async () => {
    const { id } = await queueEmail(database.db, { ...message, replyTo: "sender@example.org" });
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({
      to: "a@example.org, b@example.org",
      replyTo: "sender@example.org",
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
  });

  it("rolls the message back with the transaction that queued it", async () => {
    const before = await database.db.$count(emailOutbox);
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, message);
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(await database.db.$count(emailOutbox)).toBe(before);
  });

  it("sends due messages once and marks them sent", async () => {
    const { sent, transport } = recordingTransport();
    const first = await deliverDueEmails(database.db, { transport, from: "x@example.org" });
    expect(first.sent).toBeGreaterThan(0);
    const again = await deliverDueEmails(database.db, { transport, from: "x@example.org" });
    expect(again).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sent.filter((item) => item.replyTo === "sender@example.org")).toHaveLength(1);
    const pending = await database.db.$count(emailOutbox, eq(emailOutbox.status, "pending"));
    expect(pending).toBe(0);
  });

  it("at shutdown the claimed messages not yet sent are given back, due now, their attempt not counted", async () => {
    await deliverDueEmails(database.db, { transport: recordingTransport().transport, from: "x@example.org" });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await queueEmail(database.db, { ...message, subject: `Stop ${i}` })).id);
    const { sent, transport } = recordingTransport();
    let stopping = false;
    const report = await deliverDueEmails(database.db, {
      transport: { ...transport, send: async (mail) => ((stopping = true), transport.send(mail)) },
      from: "x@example.org",
      stopping: () => stopping,
    });
    expect(report.sent).toBe(1);
    expect(sent).toHaveLength(1);
    const rows = await database.db.query.emailOutbox.findMany({
      where: (table, { inArray }) => inArray(table.id, ids),
    });
    const left = rows.filter((row) => row.status === "pending");
    expect(left).toHaveLength(3);
    for (const row of left) {
      expect(row).toMatchObject({ claimToken: null, attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // Due now: the next round (another instance) sends them.
    const next = await deliverDueEmails(database.db, { transport, from: "x@example.org" });
    expect(next.sent).toBe(3);
  });

  it("records the error and backs off after a failed send, then fails for good at the limit", async () => {
    const { id } = await queueEmail(database.db, message);
    const failing = recordingTransport(() => new Error("connect ECONNREFUSED 127.0.0.1:2525"));
    const report = await deliverDueEmails(database.db, { transport: failing.transport, from: "x@example.org" });
    expect(report.retried).toBe(1);
    let row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:2525" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5000);

    // Not due yet: nothing is sent.
    expect((await deliverDueEmails(database.db, { transport: failing.transport, from: "x" })).retried).toBe(0);

    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, id));
    const last = await deliverDueEmails(database.db, { transport: failing.transport, from: "x", maxAttempts: 2 });
    expect(last.failed).toBe(1);
    row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("gives up at once when the recipient is refused (5xx to RCPT TO)", async () => {
    const { id } = await queueEmail(database.db, message);
    const refusing = recordingTransport(() =>
      Object.assign(new Error("550 no such user"), { responseCode: 550, code: "EENVELOPE", command: "RCPT TO" }),
    );
    expect((await deliverDueEmails(database.db, { transport: refusing.transport, from: "x" })).failed).toBe(1);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "550 no such user" });
  });

  it("keeps retrying after a refused login (535): our configuration, not the message", async () => {
    const { id } = await queueEmail(database.db, message);
    const refused = recordingTransport(() =>
      Object.assign(new Error("Invalid login: 535 5.7.8 Authentication failed"), {
        responseCode: 535,
        code: "EAUTH",
        command: "AUTH PLAIN",
      }),
    );
    expect(await deliverDueEmails(database.db, { transport: refused.transport, from: "x" })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "pending", attempts: 1, claimToken: null });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Once the password is fixed, the same message goes out.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, id));
    const fixed = recordingTransport();
    expect((await deliverDueEmails(database.db, { transport: fixed.transport, from: "x" })).sent).toBe(1);
    expect(await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) })).toMatchObject({
      status: "sent",
    });
  });

  it("gives every message a stable Message-ID, used on every try", async () => {
    await database.db.delete(emailOutbox);
    const { id } = await queueEmail(database.db, message);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row!.messageId).toBe(`<${id}@example.org>`);
    const seen: (string | undefined)[] = [];
    let fail = true;
    const transport: MailTransport = {
      kind: "file",
      async send(outgoing) {
        seen.push(outgoing.messageId);
        if (fail) throw new Error("connect ETIMEDOUT");
      },
      close() {},
    };
    await deliverDueEmails(database.db, { transport, from: "x" });
    fail = false;
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, id));
    await deliverDueEmails(database.db, { transport, from: "x" });
    expect(seen).toEqual([row!.messageId, row!.messageId]);
  });

  it("removes a reset link's text once it is sent", async () => {
    await database.db.delete(emailOutbox);
    const { id } = await queueEmail(database.db, {
      ...message,
      text: "https://x/auth?token=secret",
      html: "<a>secret</a>",
      sensitive: true,
    });
    const plain = await queueEmail(database.db, message);
    const { transport, sent } = recordingTransport();
    await deliverDueEmails(database.db, { transport, from: "x" });
    expect(sent).toHaveLength(2);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "sent", text: REMOVED_AFTER_SENDING });
    expect(row!.html).not.toContain("secret");
    expect(await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, plain.id) })).toMatchObject({
      text: "Hi",
    });
  });

  it("keeps a receipt for the log but blanks its link tokens once it is sent (decision 0044)", async () => {
    await database.db.delete(emailOutbox);
    const token = "0123456789abcdef0123456789abcdefAbCdEfGhIjKlMnOpQrSt";
    const { id } = await queueEmail(database.db, {
      ...message,
      text: `Receipt D-2026-1: https://x/donate/receipt/${token}`,
      html: `<p>Receipt D-2026-1</p><a href="https://x/donate/receipt/${token}">https://x/donate/receipt/${token}</a>`,
      secrets: [token],
    });
    const delivered: string[] = [];
    const transport: MailTransport = {
      kind: "file",
      async send(sent) {
        delivered.push(String(sent.text));
      },
      close() {},
    };
    const before = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(before!.text).toContain(token);
    await deliverDueEmails(database.db, { transport, from: "x" });
    // The donor got the working link; the kept copy says what was sent without it.
    expect(delivered[0]).toContain(token);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "sent", secrets: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.text).toBe(`Receipt D-2026-1: https://x/donate/receipt/${SECRET_REMOVED}`);
    expect(row!.html).toContain("<p>Receipt D-2026-1</p>");
  });

  it("a worker whose lease ran out cannot overwrite the message's newer holder", async () => {
    await database.db.delete(emailOutbox);
    const { id } = await queueEmail(database.db, message);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: MailTransport = { kind: "file", send: () => gate, close() {} };
    // Worker A claims with a tiny lease and hangs in its send.
    const roundA = deliverDueEmails(database.db, { transport: slow, from: "x", leaseMs: 50 });
    await vi.waitFor(
      async () => {
        const [row] = await database.db
          .select({ expired: sql<boolean>`${emailOutbox.nextAttemptAt} <= now()` })
          .from(emailOutbox)
          .where(eq(emailOutbox.id, id));
        expect(row?.expired).toBe(true);
      },
      { timeout: 3000, interval: 10 },
    );
    // Worker B claims the expired lease; its send is refused for good.
    const refusing = recordingTransport(() =>
      Object.assign(new Error("550 5.1.1 no such user"), { responseCode: 550, code: "EENVELOPE", command: "RCPT TO" }),
    );
    expect((await deliverDueEmails(database.db, { transport: refusing.transport, from: "x" })).failed).toBe(1);
    // A's send finally returns: its "sent" must not replace B's outcome.
    release();
    await roundA;
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "failed", lastError: "550 5.1.1 no such user", sentAt: null });
  });

  it("a failed write after a successful send is not a failed send", async () => {
    await database.db.delete(emailOutbox);
    const { id } = await queueEmail(database.db, message);
    await database.db.execute(sql`
      create function refuse_sent() returns trigger language plpgsql as $$
      begin raise exception 'database went away'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_sent before update on email_outbox
      for each row when (new.status = 'sent') execute function refuse_sent()`);
    try {
      const { transport, sent } = recordingTransport();
      const report = await deliverDueEmails(database.db, { transport, from: "x", leaseMs: 60_000 });
      expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(sent).toHaveLength(1);
      const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
      // No error recorded, no backoff: the claim's lease simply runs (about a minute here).
      expect(row).toMatchObject({ status: "pending", lastError: null, attempts: 1 });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await database.db.execute(sql`drop trigger refuse_sent on email_outbox`);
      await database.db.execute(sql`drop function refuse_sent`);
    }
  });

  it("a send that hangs past its deadline is retried, not left claimed", async () => {
    await database.db.delete(emailOutbox);
    const { id } = await queueEmail(database.db, message);
    const hanging: MailTransport = { kind: "file", send: () => new Promise(() => {}), close() {} };
    const report = await deliverDueEmails(database.db, { transport: hanging, from: "x", sendDeadlineMs: 100 });
    expect(report.retried).toBe(1);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "pending", lastError: "send took longer than 0 s", claimToken: null });
  });

  it("keeps SMTP timeouts well under the lease", () => {
    const worst = smtpTimeouts.connectionTimeout + smtpTimeouts.greetingTimeout + smtpTimeouts.socketTimeout;
    expect(worst).toBeLessThan(LEASE_MS / 4);
    expect(SEND_DEADLINE_MS).toBeLessThanOrEqual(LEASE_MS / 2);
  });

  it("prunes sent messages after the retention, keeping pending and failed ones", async () => {
    const old = new Date(Date.now() - 91 * 24 * 60 * 60_000);
    const sentOld = await queueEmail(database.db, message);
    const sentNew = await queueEmail(database.db, message);
    const failedOld = await queueEmail(database.db, message);
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: old }).where(eq(emailOutbox.id, sentOld.id));
    await database.db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(emailOutbox.id, sentNew.id));
    await database.db
      .update(emailOutbox)
      .set({ status: "failed", createdAt: old })
      .where(eq(emailOutbox.id, failedOld.id));
    expect(await pruneSentEmails(database.db)).toBe(1);
    const left = await database.db.select({ id: emailOutbox.id }).from(emailOutbox);
    expect(left.map((row) => row.id)).not.toContain(sentOld.id);
    expect(left.map((row) => row.id)).toEqual(expect.arrayContaining([sentNew.id, failedOld.id]));
  });
});
