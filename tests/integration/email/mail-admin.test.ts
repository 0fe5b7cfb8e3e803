import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox } from "~/db/schema";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { countMailProblems, discardFailed, listMailProblems, sendAgain } from "~/features/email/mail-admin.server";
import { deliverDueEmails } from "~/features/email/outbox-worker.server";
import { queueEmail } from "~/features/email/outbox.server";
import type { MailTransport } from "~/features/email/transport.server";

let database: TestDatabase;
let adminCookie = "";
let userCookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  adminCookie = (await signedInAccount(database.db, "director@example.org", "admin")).cookie;
  userCookie = (await signedInAccount(database.db, "coach@example.org", "user")).cookie;
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

const message = { to: "staff@example.org", subject: "New contact message", text: "x", html: "<p>x</p>" };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A failed message, a long-retrying one, a fresh retry, a waiting one and a sent one. */
async function outboxWithEveryState() {
  const failed = await queueEmail(database.db, { ...message, subject: "Failed" });
  const retrying = await queueEmail(database.db, { ...message, subject: "Retrying" });
  const freshRetry = await queueEmail(database.db, { ...message, subject: "Fresh retry" });
  const waiting = await queueEmail(database.db, { ...message, subject: "Waiting" });
  const sent = await queueEmail(database.db, { ...message, subject: "Sent" });
  const set = (id: string, values: Partial<typeof emailOutbox.$inferInsert>) =>
    database.db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
  await set(failed.id, { status: "failed", attempts: 1, lastError: "550 no such user", createdAt: minutesAgo(60) });
  await set(retrying.id, {
    attempts: 6,
    lastError: "Invalid login: 535 Authentication failed",
    createdAt: minutesAgo(20),
    nextAttemptAt: new Date(Date.now() + 60_000),
  });
  await set(freshRetry.id, { attempts: 1, lastError: "connect ECONNREFUSED", createdAt: minutesAgo(1) });
  await set(sent.id, { status: "sent", sentAt: new Date(), createdAt: minutesAgo(60) });
  return { failed, retrying, freshRetry, waiting, sent };
}

describe("mail delivery for staff", () => {
  it("counts and lists failed messages and those retrying for over 15 minutes", async () => {
    await outboxWithEveryState();
    expect(await countMailProblems(database.db)).toBe(2);
    const problems = await listMailProblems(database.db);
    expect(problems.map((problem) => [problem.subject, problem.state])).toEqual([
      ["Retrying", "retrying"],
      ["Failed", "failed"],
    ]);
  });

  it("sends a failed message again: due now, with the whole backoff ahead", async () => {
    const { failed } = await outboxWithEveryState();
    expect(await sendAgain(database.db, failed.id)).toMatchObject({ subject: "Failed" });
    const row = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, failed.id) });
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // The worker picks it up on its next round.
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: "file",
      send: async (outgoing) => void sent.push(outgoing.subject),
      close() {},
    };
    await deliverDueEmails(database.db, { transport, from: "x@example.org" });
    expect(sent).toContain("Failed");
    expect(await countMailProblems(database.db)).toBe(1);
  });

  it("does not touch sent messages, waiting ones or one a worker is sending", async () => {
    const { sent, waiting, failed } = await outboxWithEveryState();
    expect(await sendAgain(database.db, sent.id)).toBeNull();
    expect(await sendAgain(database.db, waiting.id)).toBeNull();
    // Claimed by a worker right now (its lease runs for another minute).
    await database.db
      .update(emailOutbox)
      .set({ claimToken: sql`gen_random_uuid()`, nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(emailOutbox.id, failed.id));
    expect(await sendAgain(database.db, failed.id)).toBeNull();
    expect(await discardFailed(database.db, sent.id)).toBeNull();
  });

  it("discards a failed message", async () => {
    const { failed } = await outboxWithEveryState();
    expect(await discardFailed(database.db, failed.id)).toMatchObject({ subject: "Failed" });
    expect(await countMailProblems(database.db)).toBe(1);
  });
});

describe("/admin/mail", () => {
  it("lists the problems for an admin, and the layout shows their count", async () => {
    await outboxWithEveryState();
    const page = await import("~/routes/admin/mail");
    const data = await page.loader({
      request: browserRequest("/admin/mail", adminCookie),
      context: database.context(),
      params: {},
    } as never);
    expect(data.problems.map((problem) => problem.subject)).toEqual(["Retrying", "Failed"]);
    const layout = await import("~/routes/admin/layout");
    const shell = await layout.loader({
      request: browserRequest("/admin/mail", adminCookie),
      context: database.context(),
      params: {},
    } as never);
    expect(shell.navCounts).toMatchObject({ "/admin/mail": 2 });
    // A user's sidebar has no Mail Delivery, and no count.
    const userShell = await layout.loader({
      request: browserRequest("/orders", userCookie),
      context: database.context(),
      params: {},
    } as never);
    expect(userShell.navCounts).toEqual({});
  });

  it("sends again with an audit entry and a toast, and refuses a user", async () => {
    const { failed } = await outboxWithEveryState();
    const page = await import("~/routes/admin/mail");
    const call = (cookie: string, form: Record<string, string>) =>
      page.action({
        request: browserRequest("/admin/mail", cookie, form),
        context: database.context(),
        params: {},
      } as never);

    const refused = await call(userCookie, { intent: "send-again", id: failed.id }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ init: { status: 403 } });

    const response = (await call(adminCookie, { intent: "send-again", id: failed.id })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/mail");
    expect(await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, failed.id) })).toMatchObject({
      status: "pending",
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "email.resend"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ emailId: failed.id, subject: "Failed" });

    const bad = await call(adminCookie, { intent: "send-again", id: "not-a-uuid" });
    expect(bad).toMatchObject({ init: { status: 400 } });
  });
});
