import { describe, expect, it } from "vitest";
import { isPermanentFailure, retryDelayMs, retryPolicy } from "./backoff";

describe("retryDelayMs", () => {
  it.each([
    [1, 15_000],
    [2, 30_000],
    [3, 60_000],
    [4, 120_000],
    [8, 1_920_000],
    [9, 3_600_000],
    [25, 3_600_000],
    [1000, 3_600_000],
  ])("after %i failed tries waits %i ms", (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });

  it("keeps trying for most of a day before giving up", () => {
    let total = 0;
    for (let attempt = 1; attempt < retryPolicy.maxAttempts; attempt += 1) total += retryDelayMs(attempt);
    expect(total / 3_600_000).toBeGreaterThan(12);
    expect(total / 3_600_000).toBeLessThan(24);
  });
});

describe("isPermanentFailure", () => {
  it.each([
    // The recipient is refused: the same next time.
    [{ responseCode: 550, code: "EENVELOPE", command: "RCPT TO" }, true],
    [{ responseCode: 553, command: "RCPT TO" }, true],
    [{ responseCode: 550, command: "DATA", response: "550 5.1.1 <x@example.org>: Recipient address rejected" }, true],
    // Our own configuration or the server's state: retried, and staff see it.
    [{ responseCode: 535, code: "EAUTH", command: "AUTH PLAIN", response: "535 5.7.8 Authentication failed" }, false],
    [{ responseCode: 530, code: "EAUTH", command: "AUTH LOGIN" }, false],
    [{ responseCode: 553, code: "EENVELOPE", command: "MAIL FROM" }, false],
    [{ responseCode: 554, command: "DATA", response: "554 5.7.1 Message rejected" }, false],
    [{ responseCode: 550 }, false],
    [
      Object.assign(new Error("Client network socket disconnected before secure TLS connection was established"), {
        code: "ETLS",
      }),
      false,
    ],
    [Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }), false],
    [{ responseCode: 421 }, false],
    [{ responseCode: 451 }, false],
    [Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }), false],
    [null, false],
    ["boom", false],
  ])("%j -> %s", (error, permanent) => {
    expect(isPermanentFailure(error)).toBe(permanent);
  });
});
