/** How the outbox retries: exponential backoff from 15 s, capped at one hour. */
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
 * A failure the server will answer the same way next time (5xx reply such as
 * "mailbox does not exist"). Connection errors and 4xx replies are retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
