import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { contactUs } from "~/db/schema/contact";
import { rateLimits } from "~/db/schema/rate-limits";
import { emailOutbox } from "~/db/schema/email";
import { postContact, useContactTestEnv, validContact } from "#tests/support/contact";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { deliverDueEmails, startOutboxWorker } from "./outbox-worker.server";
import { queueEmail, sendEmailNow } from "./outbox.server";
import { defaultTransportForTests, fileTransport, smtpTransport, type MailTransport } from "./transport.server";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on localhost that requires a login, recording every message. */
async function startSmtp(port = 0, options: { refuse?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") return callback(null, { user: "mailer" });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse) {
        return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;
let mailDir: string;
const transports: MailTransport[] = [];
const smtpAt = (port: number) => {
  const transport = smtpTransport(`smtp://mailer:s3cret@127.0.0.1:${port}`);
  transports.push(transport);
  return transport;
};
const from = "Citron Online District <no-reply@example.org>";

beforeAll(async () => {
  ({ mailDir } = useContactTestEnv({ CONTACT_RATE_LIMIT_MAX: "1000" }));
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  setEnvForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(contactUs);
  await database.db.delete(rateLimits);
});

describe("contact message to the staff inbox through real SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  afterEach(async () => {
    // The transports pool their connection: closed first, or the server waits out its close timeout for them.
    for (const transport of transports.splice(0)) transport.close();
    await smtp?.close();
    smtp = undefined;
  });

  it("is saved and delivered with every field and a Reply-To of the sender", async () => {
    smtp = await startSmtp();
    const answer = await postContact(database, { ...validContact, comment: "Can we join? <b>Thanks</b>" });
    expect(answer.status).toBe(200);

    const report = await deliverDueEmails(database.db, { transport: smtpAt(smtp.port), from });
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["staff@example.org", "director@example.org"]);
    expect(mail!.from).toBe("no-reply@example.org");
    expect(mail!.raw).toMatch(/^Reply-To: dana@example\.org$/m);
    expect(mail!.raw).toMatch(/^Subject: Contact: Join Online District from Dana Levi$/m);
    expect(mail!.raw).toContain("Content-Type: text/plain");
    expect(mail!.raw).toContain("Content-Type: text/html");
    for (const value of [
      "Dana Levi",
      "Riverside Yeshiva High School",
      "dana@example.org",
      "555-010-0199",
      "Join Online District",
    ]) {
      expect(mail!.raw).toContain(value);
    }

    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await database.db.$count(contactUs)).toBe(1);
  });

  it("with the SMTP server down: saved, the action succeeds, and the email goes out once it is back", async () => {
    // Find a free port, then leave it closed: the "mail server is down".
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();

    const answer = await postContact(database, validContact);
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe("success");
    expect(await database.db.$count(contactUs)).toBe(1);

    const transport = smtpAt(port);
    const down = await deliverDueEmails(database.db, { transport, from, retryDelay: () => 0 });
    expect(down).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    const back = await deliverDueEmails(database.db, { transport, from });
    expect(back).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toMatch(/^Reply-To: dana@example\.org$/m);
    [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("keeps a message pending across a restart (it lives in the database)", async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    await postContact(database, validContact);

    // The first server process tries while the mail server is down, then stops.
    const first = startOutboxWorker(database.db, {
      transport: smtpAt(port),
      from,
      intervalMs: 20,
      retryDelay: () => 50,
    });
    await expect
      .poll(async () => (await database.db.select().from(emailOutbox))[0]?.attempts, { timeout: 5000 })
      .toBeGreaterThan(0);
    await first();
    expect((await database.db.select().from(emailOutbox))[0]).toMatchObject({ status: "pending" });

    // The next process finds the message in the database and delivers it.
    smtp = await startSmtp(port);
    const second = startOutboxWorker(database.db, { transport: smtpAt(port), from, intervalMs: 20 });
    try {
      await expect.poll(() => smtp!.received.length, { timeout: 5000 }).toBe(1);
    } finally {
      await second();
    }
    expect((await database.db.select().from(emailOutbox))[0]).toMatchObject({ status: "sent" });
  });

  it("two workers on one database never send the same message twice", async () => {
    smtp = await startSmtp();
    const total = 30;
    for (let i = 0; i < total; i += 1) {
      await queueEmail(database.db, {
        to: "staff@example.org",
        subject: `Message ${i}`,
        text: `Body ${i}`,
        html: `<p>Body ${i}</p>`,
      });
    }
    const options = { from, intervalMs: 5, batchSize: 3 };
    const stopA = startOutboxWorker(database.db, { ...options, transport: smtpAt(smtp.port) });
    const stopB = startOutboxWorker(database.db, { ...options, transport: smtpAt(smtp.port) });
    try {
      await expect.poll(() => smtp!.received.length, { timeout: 15_000 }).toBe(total);
    } finally {
      // Stopping drains each worker's round in flight: a duplicate it was sending shows below.
      await Promise.all([stopA(), stopB()]);
    }

    const subjects = smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)![1]);
    expect(new Set(subjects).size).toBe(total);
    expect(subjects).toHaveLength(total);
    const sent = await database.db.$count(emailOutbox, eq(emailOutbox.status, "sent"));
    expect(sent).toBe(total);
    const attempts = await database.db.select({ attempts: emailOutbox.attempts }).from(emailOutbox);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });

  it("parallel delivery rounds claim disjoint messages", async () => {
    smtp = await startSmtp();
    for (let i = 0; i < 12; i += 1) {
      await queueEmail(database.db, { to: "staff@example.org", subject: `Round ${i}`, text: "x", html: "<p>x</p>" });
    }
    const transport = smtpAt(smtp.port);
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueEmails(database.db, { transport, from, batchSize: 5 })),
    );
    const sentTotal = reports.reduce((sum, report) => sum + report.sent, 0);
    const more = await deliverDueEmails(database.db, { transport, from, batchSize: 50 });
    expect(sentTotal + more.sent).toBe(12);
    expect(smtp.received).toHaveLength(12);
  });

  it("refuses a wrong login, keeping the message for another try", async () => {
    smtp = await startSmtp();
    await queueEmail(database.db, { to: "staff@example.org", subject: "Hi", text: "x", html: "<p>x</p>" });
    const wrong = smtpTransport(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`);
    transports.push(wrong);
    const report = await deliverDueEmails(database.db, { transport: wrong, from });
    expect(report.sent).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.select().from(emailOutbox);
    expect(row!.lastError).toMatch(/auth|Invalid/i);
    // A 535 is our configuration, not the message: it stays pending, to be retried with the backoff.
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // With the password fixed, it goes out, with the Message-ID it was given when queued.
    await database.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
    expect((await deliverDueEmails(database.db, { transport: smtpAt(smtp.port), from })).sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain(`Message-ID: ${row!.messageId}`);
  });

  it("fails a message for good when the server refuses its recipient", async () => {
    smtp = await startSmtp(0, { refuse: "nobody@example.org" });
    await queueEmail(database.db, { to: "nobody@example.org", subject: "Hi", text: "x", html: "<p>x</p>" });
    const report = await deliverDueEmails(database.db, { transport: smtpAt(smtp.port), from });
    expect(report).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.lastError).toMatch(/550/);
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as an .eml file under DATA_DIR/mail", async () => {
    await queueEmail(database.db, {
      to: ["staff@example.org"],
      subject: "Written to a file",
      text: "Plain body",
      html: "<p>HTML body</p>",
      replyTo: "dana@example.org",
    });
    const report = await deliverDueEmails(database.db, { transport: fileTransport(mailDir), from });
    expect(report.sent).toBe(1);
    const files = readdirSync(mailDir).filter((file) => file.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(mailDir, files[0]!), "utf8");
    expect(eml).toMatch(/^Subject: Written to a file$/m);
    expect(eml).toMatch(/^Reply-To: dana@example\.org$/m);
    expect(eml).toContain("Plain body");
    expect(eml).toContain("<p>HTML body</p>");
  });

  it("sendEmailNow uses the configured transport at once (the admin test email)", async () => {
    const before = readdirSync(mailDir).length;
    await sendEmailNow({
      to: "director@example.org",
      subject: "Test email",
      text: "It works.",
      html: "<p>It works.</p>",
    });
    expect(readdirSync(mailDir).length).toBe(before + 1);
  });
});

describe("sendEmailNow with SMTP_URL", () => {
  it("throws when the mail server refuses, so the admin sees the failure", async () => {
    useContactTestEnv({ SMTP_URL: "smtp://mailer:s3cret@127.0.0.1:1" });
    defaultTransportForTests(undefined);
    await expect(
      sendEmailNow({ to: "director@example.org", subject: "Test", text: "x", html: "<p>x</p>" }),
    ).rejects.toThrow(/ECONNREFUSED|connect/i);
    defaultTransportForTests(undefined);
  });
});
