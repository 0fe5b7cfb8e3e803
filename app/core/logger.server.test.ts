import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, redactLinkTokens, requestLogFields } from "./logger.server";

const token = "0123456789abcdef0123456789abcdefAbCdEfGhIjKlMnOpQrStUv";

/** A logger with the site's settings whose lines the test reads. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ ...loggerOptions, level: "info", serializers: { req: requestLogFields } }, stream);
  return { logger, lines };
}

describe("the logger keeps donors' link tokens out of every line (decision 0037)", () => {
  it("hides the token of a receipt or manage link, in the page's address and its data twin", () => {
    expect(redactLinkTokens(`/donate/receipt/${token}`)).toBe("/donate/receipt/…");
    expect(redactLinkTokens(`/donate/monthly/${token}.data`)).toBe("/donate/monthly/….data");
    expect(redactLinkTokens(`/entries/${token}`)).toBe("/entries/…");
    expect(redactLinkTokens(`/ENTRIES/${token}.data`)).toBe("/entries/….data");
    expect(redactLinkTokens("/entries")).toBe("/entries");
    // A judge's link (decision 0049), in every spelling the router reads.
    expect(redactLinkTokens(`/judge/${token}`)).toBe("/judge/…");
    expect(redactLinkTokens(`/JUDGE/${token}.data`)).toBe("/judge/….data");
    expect(redactLinkTokens(`/%6Audge/${token}`)).toBe("/judge/…");
    expect(redactLinkTokens("/judge")).toBe("/judge");
    expect(redactLinkTokens("/judge.data")).toBe("/judge.data");
    expect(redactLinkTokens("/donate/summary")).toBe("/donate/summary");
    expect(redactLinkTokens("/donate")).toBe("/donate");
    expect(redactLinkTokens("/donate/monthly")).toBe("/donate/monthly");
    expect(redactLinkTokens("/fees/Some-Path")).toBe("/fees/Some-Path");
  });

  it.each([
    `/DONATE/MONTHLY/${token}`,
    `/donate/%6Donthly/${token}`,
    `/donate/%256Donthly/${token}`,
    `//donate/monthly/${token}`,
    `/donate//receipt///${token}`,
    `/donate\\monthly/${token}`,
    `/donate/x/../monthly/${token}`,
    `/donate/%2e/receipt/${token}`,
    `/Donate/Receipt/${token}.data`,
    `/donate/monthly/${token}%2Edata`,
    `/donate/monthly/${token.slice(0, 20)}%2F${token.slice(20)}`,
  ])("hides the token of %s, another spelling of the same page (decision 0044)", (path) => {
    const redacted = redactLinkTokens(path);
    expect(redacted).toMatch(/^\/donate\/(?:receipt|monthly)\/…(?:\.data)?$/);
    expect(redacted.toLowerCase()).not.toContain(token.slice(0, 16).toLowerCase());
  });

  it("in a request's line (pino-http's req) and in any line's own path or url", () => {
    const { logger, lines } = capture();
    logger.info({ req: { id: "r1", method: "POST", url: `/donate/monthly/${token}?x=1` } }, "request completed");
    logger.warn({ path: `/donate/receipt/${token}` }, "cross-site request refused");
    logger.error({ url: `/donate/monthly/${token}` }, "unhandled server error");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(token);
    expect(JSON.parse(lines[0]!).req).toEqual({ id: "r1", method: "POST", path: "/donate/monthly/…" });
  });
});
