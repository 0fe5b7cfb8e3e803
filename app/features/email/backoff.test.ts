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
    [{ responseCode: 550 }, true],
    [{ responseCode: 553 }, true],
    [{ responseCode: 421 }, false],
    [{ responseCode: 451 }, false],
    [Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }), false],
    [null, false],
    ["boom", false],
  ])("%j -> %s", (error, permanent) => {
    expect(isPermanentFailure(error)).toBe(permanent);
  });
});
