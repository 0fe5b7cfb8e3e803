/**
 * The suite's one poller: checks a condition until it holds, pausing between checks. A test waits for a condition,
 * never for a time (tests/lint/fixed-waits.test.ts refuses a pause anywhere else): in a browser spec, a web-first
 * assertion or expect.poll; in a Vitest file, vi.waitFor or this.
 *
 * `check` returns the value waited for; undefined, false or a throw mean "not yet". Throws after `timeoutMs` with
 * `what` and the last error.
 */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 15_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs)); // poll interval: between two checks of the condition
  }
}
