import { describe, expect, it } from "vitest";
import { inquiryPurposeLabel } from "~/features/contact/inquiry-purposes";
import { callHref, replyHref } from "./contact-links";
import { contactHref, parseContactFilters } from "./filters";

describe("Reply and Call links", () => {
  it("mails the sender with a subject", () => {
    expect(replyHref("dana@example.org", "Citron Online District")).toBe(
      "mailto:dana@example.org?subject=Re%3A%20your%20message%20to%20the%20Citron%20Online%20District",
    );
  });
  it("cannot be turned into another header by the address", () => {
    expect(replyHref("a@example.org?bcc=x@example.org", "X")).toMatch(
      /^mailto:a@example\.org%3Fbcc%3Dx@example\.org\?subject=/,
    );
  });
  it.each([
    ["(212) 555-0147", "tel:2125550147"],
    ["+1 973 555 0182", "tel:+19735550182"],
    ["ext", null],
    [null, null],
  ])("dials %j as %j", (phone, href) => {
    expect(callHref(phone)).toBe(href);
  });
  it("labels inquiry purposes as the form does", () => {
    expect(inquiryPurposeLabel("join-district")).toBe("Join Online District");
    expect(inquiryPurposeLabel("something-new")).toBe("something-new");
  });
});

describe("contact filters", () => {
  it("defaults to open messages", () => {
    expect(parseContactFilters(new URLSearchParams(""))).toEqual({ status: "open", id: null, page: 1 });
  });
  it("ignores a malformed id instead of failing", () => {
    expect(parseContactFilters(new URLSearchParams("status=handled&id=1%27%20or%201=1")).id).toBeNull();
    expect(parseContactFilters(new URLSearchParams("status=bogus")).status).toBe("open");
  });
  it("links keep status and selection", () => {
    const id = "8d6b6d0e-3c2a-4f6e-9b1a-2b7c1e0f9a10";
    expect(contactHref({ status: "all", id })).toBe(`/contact-submissions?status=all&id=${id}`);
    expect(contactHref({ status: "open" })).toBe("/contact-submissions");
  });
});
