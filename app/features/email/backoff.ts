/**
 * How the outbox retries: exponential backoff from 15 s, capped at one hour. The server starts from
 * OUTBOX_RETRY_MS instead (app/core/env.server.ts; the same 15 s unless set).
 */
export const retryPolicy = {
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60_000,
  /** With the cap, about 18 hours of retries before a message is marked failed. */
  maxAttempts: 25,
};

/** The wait before the next try after `attempts` failed tries (1, 2, 3, ...). */
export function retryDelayMs(attempts: number, policy = retryPolicy): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
}

/**
 * A failure that will not change by trying again: the receiving server
 * refused the recipient (a 5xx reply to RCPT TO, which nodemailer reports as
 * EENVELOPE, or a 5.1.x "bad address" status). Everything else is retried
 * with the backoff: a refused login (535) or a wrong sender is our own
 * configuration, fixed by staff, and connection, TLS and timeout errors pass.
 */
export function isPermanentFailure(error: unknown): boolean {
  const failure = (error ?? {}) as { responseCode?: unknown; code?: unknown; command?: unknown; response?: unknown };
  const code = failure.responseCode;
  if (typeof code !== "number" || code < 500 || code >= 600) return false;
  if (failure.code === "EAUTH") return false;
  const command = typeof failure.command === "string" ? failure.command : "";
  // A refused sender (MAIL FROM) is our configuration too.
  if (/^MAIL\b/i.test(command)) return false;
  if (failure.code === "EENVELOPE") return true;
  if (/^RCPT\b/i.test(command)) return true;
  return typeof failure.response === "string" && /\b5\.1\.(1|2|3|6|10)\b/.test(failure.response);
}
