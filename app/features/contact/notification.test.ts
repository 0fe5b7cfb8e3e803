import { describe, expect, it } from "vitest";
import { contactNotification } from "./notification";

const hostile = `<script>alert("x")</script>`;
const message = {
  name: "Ada Lovelace",
  school: hostile,
  email: "ada@example.org",
  phone: "+1 555 010 0199",
  inquiryPurpose: "judge-tournaments" as const,
  comment: `I can judge on Sundays.\n${hostile}`,
};

describe("contactNotification", () => {
  const email = contactNotification(message, {
    to: ["staff@example.org", "director@example.org"],
    siteName: "Citron Online District",
    submittedAt: new Date("2026-03-05T15:30:00Z"),
  });

  it("goes to the staff with a Reply-To of the sender", () => {
    expect(email.to).toEqual(["staff@example.org", "director@example.org"]);
    expect(email.replyTo).toBe("ada@example.org");
    expect(email.subject).toBe("Contact: Judge Tournaments from Ada Lovelace");
  });

  it("carries every field in both parts, with the time in New York", () => {
    for (const part of [email.text, email.html]) {
      for (const value of [
        "Ada Lovelace",
        "ada@example.org",
        "+1 555 010 0199",
        "Judge Tournaments",
        "I can judge on Sundays.",
      ]) {
        expect(part).toContain(value);
      }
      expect(part).toContain("Mar 5, 2026, 10:30");
    }
    expect(email.text).toContain(`School: ${hostile}`);
  });

  it("escapes the sender's text in the HTML part", () => {
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("says when an optional field was left empty", () => {
    const bare = contactNotification(
      { ...message, school: null, phone: null },
      {
        to: ["staff@example.org"],
        siteName: "Citron",
        submittedAt: new Date(),
      },
    );
    expect(bare.text).toContain("School: Not given");
    expect(bare.text).toContain("Phone: Not given");
  });

  it("keeps the subject on one line whatever the name holds", () => {
    const sneaky = contactNotification(
      { ...message, name: "Eve\r\nBcc: all@example.org" },
      {
        to: ["staff@example.org"],
        siteName: "Citron",
        submittedAt: new Date(),
      },
    );
    expect(sneaky.subject).not.toMatch(/[\r\n]/);
  });
});
