import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { EmailMessage } from "./message";

/** Where a message goes once the outbox hands it over. Throws when it could not be delivered. */
export type MailTransport = {
  kind: "smtp" | "file";
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
};

/** A message as the transport sends it: with its sender and, from the outbox, its fixed Message-ID. */
export type OutgoingEmail = EmailMessage & { from: string; messageId?: string };

/**
 * SMTP timeouts, well under the outbox's lease (outbox-worker.server.ts), so a
 * hung server cannot hold a claimed message past it. nodemailer's defaults
 * (2 min to connect, 10 min of socket silence) are far longer.
 */
export const smtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  dnsTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/**
 * Sends through an SMTP server given as smtp:// or smtps:// URL (credentials in the URL). Pooled: the outbox sends
 * one message after another, and one open connection carries them all instead of a connection, greeting and TLS
 * handshake per message (nodemailer closes an idle one, and opens a new one after a failure).
 */
export function smtpTransport(url: string): MailTransport {
  const mailer = nodemailer.createTransport({ url, pool: true, maxConnections: 1, ...smtpTimeouts });
  return {
    kind: "smtp",
    async send(message) {
      await mailer.sendMail(message);
    },
    close: () => mailer.close(),
  };
}

/**
 * The embedded default without SMTP: each message becomes an .eml file under
 * `directory` (open it with any mail program) and a log line, so a fresh
 * machine works and tests can read what was sent.
 */
export function fileTransport(directory: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(message) {
      const info = await composer.sendMail(message);
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(directory, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, "email written to file (no SMTP_URL set)");
    },
    close: () => composer.close(),
  };
}

let current: MailTransport | undefined;

/** The process's transport, chosen from SMTP_URL and MAIL_TRANSPORT once. */
export function defaultTransport(): MailTransport {
  const config = env();
  current ??=
    config.MAIL_DELIVERY === "smtp" && config.SMTP_URL
      ? smtpTransport(config.SMTP_URL)
      : fileTransport(path.join(config.DATA_DIR, "mail"));
  return current;
}

/** For tests: replace (or, with undefined, forget) the process's transport. */
export function defaultTransportForTests(next: MailTransport | undefined) {
  if (current !== next) current?.close();
  current = next;
}
