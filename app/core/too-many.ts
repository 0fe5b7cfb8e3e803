import { data } from "react-router";

/**
 * The one answer of a rate-limited public form or page (decision 0050): status 429, the Retry-After header, and a
 * sentence that says when to try again, from the limit's own wait, shown where the person was: the form's notice
 * for a post, the error page's words for a page (RouteErrorMessage reads `limited`). Never a generic error.
 */

/** A refusal of the rate limiter (app/db/rate-limit.server.ts): how long until the next try counts. */
export type LimitVerdict = { retryAfterSeconds: number };

/** The wait in words: whole minutes, at least 1 ("42 minutes", "60 minutes"), or hours from two hours on. */
export function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/** What a 429 answers: the sentence (`say` is given the wait in words), and its status and header. */
export function limitedAnswer(verdict: LimitVerdict, say: (wait: string) => string) {
  return {
    status: 429 as const,
    headers: { "Retry-After": String(Math.max(1, Math.ceil(verdict.retryAfterSeconds))) },
    message: say(waitWords(verdict.retryAfterSeconds)),
  };
}

/** The body a limited page's loader throws: the error boundary shows its message. */
export type LimitedPage = { limited: true; message: string };

export function isLimitedPage(body: unknown): body is LimitedPage {
  return typeof body === "object" && body !== null && (body as LimitedPage).limited === true;
}

/** A page's loader refused by a limit: thrown, its message is what the error page says (with `headers` added). */
export function limitedPage(verdict: LimitVerdict, say: (wait: string) => string, headers: HeadersInit = {}) {
  const answer = limitedAnswer(verdict, say);
  return data({ limited: true, message: answer.message } satisfies LimitedPage, {
    status: 429,
    headers: { ...Object.fromEntries(new Headers(headers)), ...answer.headers },
  });
}
