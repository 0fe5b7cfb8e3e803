import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema/email";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database";
import { retryDelayMs } from "./backoff";
import { deliverDueEmails, pruneSentEmails } from "./outbox-worker.server";
import { queueEmail } from "./outbox.server";
import type { MailTransport } from "./transport.server";

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

    await database.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(emailOutbox.id, id));
    const last = await deliverDueEmails(database.db, { transport: failing.transport, from: "x", maxAttempts: 2 });
    expect(last.failed).toBe(1);
    row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("gives up at once on a permanent (5xx) refusal", async () => {
    const { id } = await queueEmail(database.db, message);
    const refusing = recordingTransport(() => Object.assign(new Error("550 no such user"), { responseCode: 550 }));
    expect((await deliverDueEmails(database.db, { transport: refusing.transport, from: "x" })).failed).toBe(1);
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "550 no such user" });
  });

  it("prunes sent messages after the retention, keeping pending and failed ones", async () => {
    const old = new Date(Date.now() - 91 * 24 * 60 * 60_000);
    const sentOld = await queueEmail(database.db, message);
    const sentNew = await queueEmail(database.db, message);
    const failedOld = await queueEmail(database.db, message);
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: old }).where(eq(emailOutbox.id, sentOld.id));
    await database.db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, sentNew.id));
    await database.db.update(emailOutbox).set({ status: "failed", createdAt: old }).where(eq(emailOutbox.id, failedOld.id));
    expect(await pruneSentEmails(database.db)).toBe(1);
    const left = await database.db.select({ id: emailOutbox.id }).from(emailOutbox);
    expect(left.map((row) => row.id)).not.toContain(sentOld.id);
    expect(left.map((row) => row.id)).toEqual(expect.arrayContaining([sentNew.id, failedOld.id]));
  });
});
