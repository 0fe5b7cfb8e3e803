import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/core/html";
import { renderEmail, singleLine } from "./templates";

describe("escapeHtml", () => {
  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`"quoted" & 'single'`, "&quot;quoted&quot; &amp; &#39;single&#39;"],
    ["plain text", "plain text"],
  ])("%s", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe("singleLine", () => {
  it("removes line breaks that could add mail headers", () => {
    expect(singleLine("Hello\r\nBcc: victim@example.org")).toBe("Hello Bcc: victim@example.org");
  });
  it("shortens long values", () => {
    expect(singleLine("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("renderEmail", () => {
  const hostile = `<img src=x onerror="alert(1)">`;
  const email = renderEmail({
    title: "New message",
    intro: ["Someone wrote."],
    fields: [
      { label: "Name", value: hostile },
      { label: "Phone", value: null },
      { label: "Email", value: "a@example.org", href: "mailto:a@example.org" },
    ],
    quote: { label: "Message", text: "line one\nline two <b>" },
    footer: "Sent by the website.",
  });

  it("escapes user text in the HTML part", () => {
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.html).toContain("line one\nline two &lt;b&gt;");
    expect(email.html).toContain('<a href="mailto:a@example.org"');
  });

  it("keeps the sender's words verbatim in the plain-text part", () => {
    expect(email.text).toContain(`Name: ${hostile}`);
    expect(email.text).toContain("Phone: Not given");
    expect(email.text).toContain("Message:\nline one\nline two <b>");
    expect(email.text).toContain("--\nSent by the website.");
  });
});

describe("renderEmail with a call to action", () => {
  it("shows a button in HTML and the address in plain text", () => {
    const email = renderEmail({
      title: "Reset your password",
      action: { label: "Set a new password", url: 'https://example.org/auth?reset=true&token=a"b' },
    });
    expect(email.html).toContain('href="https://example.org/auth?reset=true&amp;token=a&quot;b"');
    expect(email.html).toContain(">Set a new password</a>");
    expect(email.text).toContain('Set a new password:\nhttps://example.org/auth?reset=true&token=a"b');
  });
});
