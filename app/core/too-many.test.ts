import { describe, expect, it } from "vitest";
import { isLimitedPage, limitedAnswer, waitWords } from "./too-many";

describe("the one 429 (decision 0050)", () => {
  it("says the wait in minutes, from the limit's own Retry-After", () => {
    expect([1, 59, 60, 61, 2520, 3558, 3600, 7199, 7200, 86_400].map(waitWords)).toEqual([
      "1 minute",
      "1 minute",
      "1 minute",
      "2 minutes",
      "42 minutes",
      "60 minutes",
      "60 minutes",
      "about 2 hours",
      "about 2 hours",
      "about 24 hours",
    ]);
    expect(limitedAnswer({ retryAfterSeconds: 2520 }, (wait) => `Please try again in ${wait}.`)).toEqual({
      status: 429,
      headers: { "Retry-After": "2520" },
      message: "Please try again in 42 minutes.",
    });
    expect(isLimitedPage({ limited: true, message: "x" })).toBe(true);
    expect(isLimitedPage("Too many")).toBe(false);
  });
});
