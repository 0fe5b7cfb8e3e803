import type { RateLimitRule } from "~/db/rate-limit.server";

/**
 * The accounts' rules for the site's one limiter (app/db/rate-limit.server.ts).
 * Limits for the sign-in and reset forms. Per IP they are generous (a school
 * shares one address); per account, failures slow guessing down quickly.
 */
export const limits = {
  /** Failed sign-ins from one IP address per window. */
  signInFailuresPerIp: { max: 60, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins to one account from browsers it does not know (no device cookie), from every address
   * together, per window: a guesser with many addresses. Beyond it only the account's known devices get in.
   */
  signInFailuresPerAccount: { max: 30, windowSeconds: 15 * 60 },
  /** Reset requests for one address, and from one IP, per window. */
  resetPerEmail: { max: 3, windowSeconds: 15 * 60 },
  resetPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Current-password checks on the profile page, per account (a stolen session must not guess the password). */
  passwordCheckPerAccount: { max: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** After this many failures in a row, each further one makes the account wait longer. */
export const FREE_FAILURES = 3;

/** Seconds an account waits after `failures` failures in a row: 10 s, 20 s, 40 s ... at most 15 min. */
export function failureDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(15 * 60, 10 * 2 ** (failures - FREE_FAILURES));
}

export const keys = {
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  signInAccount: (email: string) => `sign-in:email:${email.trim().toLowerCase()}`,
  /** One account's failure streak from one address (browsers without its device cookie). */
  signInAccountAddress: (email: string, ip: string) => `sign-in:email:${email.trim().toLowerCase()}:ip:${ip}`,
  /** One account's failure streak from one of its known devices. */
  signInDevice: (email: string, deviceId: string) => `sign-in:email:${email.trim().toLowerCase()}:device:${deviceId}`,
  resetEmail: (email: string) => `reset:email:${email.trim().toLowerCase()}`,
  /** Reset requests for one account from one of its known devices (its own allowance). */
  resetEmailDevice: (email: string, deviceId: string) => `reset:email:${email.trim().toLowerCase()}:device:${deviceId}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  passwordCheck: (userId: string) => `password-check:user:${userId}`,
};

/** Human wording for a wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
