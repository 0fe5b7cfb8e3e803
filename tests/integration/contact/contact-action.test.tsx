import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { contactUs } from "~/db/schema/contact";
import { rateLimits } from "~/db/schema/rate-limits";
import { emailOutbox } from "~/db/schema/email";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { postContact, useContactTestEnv, validContact } from "#tests/support/contact";
import { seededRandom } from "#tests/support/random";
import { headers } from "~/routes/public/contact";
import { ContactForm } from "~/features/contact/contact-form";
import { contactFailedNotice, contactSentNotice } from "~/features/contact/notices";
import { contactLimits, contactMessages } from "~/features/contact/schema";

let database: TestDatabase;
beforeAll(async () => {
  useContactTestEnv();
  database = await createTestDatabase();
});
afterAll(async () => {
  setEnvForTests(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(contactUs);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimits);
});

const counts = async () => ({
  contacts: await database.db.$count(contactUs),
  emails: await database.db.$count(emailOutbox),
});

describe("the contact action", () => {
  it("saves the message and queues the staff notification", async () => {
    const answer = await postContact(database, { ...validContact, phone: "" });
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe("success");

    const rows = await database.db.select().from(contactUs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Levi",
      school: "Riverside Yeshiva High School",
      email: "dana@example.org",
      phone: null,
      inquiryPurpose: "join-district",
      comment: "We would like to join the district this fall.",
      handledAt: null,
      handledBy: null,
    });

    const emails = await database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: "staff@example.org, director@example.org",
      replyTo: "dana@example.org",
      status: "pending",
      subject: "Contact: Join Online District from Dana Levi",
    });
    expect(emails[0]!.text).toContain("Phone: Not given");
  });

  it("answers 400 with docs/product.md's messages and writes nothing for bad input", async () => {
    const answer = await postContact(database, {
      ...validContact,
      name: "A",
      email: "nope",
      inquiryPurpose: "",
      comment: "short",
    });
    expect(answer.status).toBe(400);
    expect(answer.data.status).toBe("invalid");
    expect(answer.data.result?.error).toMatchObject({
      name: [contactMessages.name],
      email: [contactMessages.email],
      inquiryPurpose: [contactMessages.inquiryPurpose],
      comment: [contactMessages.comment],
    });
    // The form is sent back as typed, so nothing is lost.
    expect(answer.data.result?.initialValue).toMatchObject({ name: "A", email: "nope" });
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it("stores hostile text verbatim and shows it escaped", async () => {
    const hostile = `<script>alert("pwned")</script><img src=x onerror=alert(1)>`;
    const answer = await postContact(database, { ...validContact, name: hostile.slice(0, 60), comment: hostile });
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(contactUs);
    expect(row!.comment).toBe(hostile);
    const [email] = await database.db.select().from(emailOutbox);
    expect(email!.html).not.toContain("<script>");
    expect(email!.html).not.toContain("<img src=x");
    expect(email!.html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");

    // Sent back into the form (a rejected post without JavaScript), it is text, never markup.
    const rejected = await postContact(database, { ...validContact, name: "x", comment: hostile });
    const Stub = createRoutesStub([{ path: "/", Component: () => <ContactForm lastResult={rejected.data.result} /> }]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");
  });

  it("drops a message whose honeypot is filled, answering as if sent", async () => {
    const answer = await postContact(database, { ...validContact, website: "https://spam.example" });
    expect(answer.status).toBe(200);
    expect(answer.data.status).toBe("success");
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it("limits messages per client address with a 429 and a clear message", async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await postContact(database, validContact, { clientAddress: "198.51.100.7" })).status).toBe(200);
    }
    const limited = await postContact(database, validContact, { clientAddress: "198.51.100.7" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(limited.data).toMatchObject({
      status: "error",
      message:
        "You have sent several messages in a short time. Please wait 60 minutes before sending another, or email us at info@example.org.",
    });
    expect(await counts()).toEqual({ contacts: 3, emails: 3 });

    // Another address is not affected; an ended window starts again.
    expect((await postContact(database, validContact, { clientAddress: "198.51.100.8" })).status).toBe(200);
    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await postContact(database, validContact, { clientAddress: "198.51.100.7" })).status).toBe(200);
  });

  it("saves nothing and sends nothing when the notification cannot be queued (one transaction)", async () => {
    await database.db.execute(sql`alter table email_outbox rename to email_outbox_away`);
    try {
      const answer = await postContact(database, validContact);
      expect(answer.status).toBe(503);
      expect(answer.data).toMatchObject({ status: "error", message: contactFailedNotice.description });
      expect(answer.data.result?.initialValue).toMatchObject({ name: "Dana Levi" });
    } finally {
      await database.db.execute(sql`alter table email_outbox_away rename to email_outbox`);
    }
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it("refuses bodies that are not a form, or far too large, with a 4xx", async () => {
    const json = await postContact(database, JSON.stringify(validContact), {
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status).toBe(415);
    const huge = await postContact(
      database,
      { ...validContact, comment: "x".repeat(70_000) },
      {
        headers: { "Content-Length": "70400" },
      },
    );
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });
});

describe("fuzzing the contact action", () => {
  it("answers 500+ generated bad inputs with a 4xx and messages, never a 5xx, and saves none", async () => {
    const next = seededRandom(20_260_521);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const badValues: Record<string, readonly (string | string[] | null)[]> = {
      name: [
        null,
        "",
        " ",
        "A",
        " B ",
        "\u200b",
        "x".repeat(contactLimits.name + 1),
        "\t\n",
        // Line breaks and control characters inside a single-line field (decision 0042).
        "Ann\nLee",
        "Ann\u2028Lee",
        "Ann\u2029Lee",
        "Ann\u0085Lee",
        '=HYPERLINK("x")\rAnn',
        "Ann\u0000Lee",
      ],
      email: [
        null,
        "",
        "plainaddress",
        "@example.org",
        "a@",
        "a@b",
        "a b@example.org",
        "<a@example.org>",
        `${"a".repeat(250)}@example.org`,
        "a@example.org\r\nBcc: x@example.org",
      ],
      inquiryPurpose: [
        null,
        "",
        "JOIN-DISTRICT",
        "join district",
        "sell",
        "other ",
        "<script>",
        "0",
        ["other", "join-district"],
      ],
      comment: [null, "", "short", "123456789", "         ", "x".repeat(contactLimits.comment + 1), "\u0000\u0000"],
      school: ["x".repeat(contactLimits.school + 1), "Lincoln\u2028High", "=1+1\nLincoln", "Lincoln\tHigh"],
      phone: ["9".repeat(contactLimits.phone + 1), "555\r\n0100", "555\u00850100"],
    };
    const goodValues: Record<string, string> = { ...validContact };
    const fields = Object.keys(badValues);
    const extras = [
      "",
      "<img src=x onerror=alert(1)>",
      "💥".repeat(30),
      "' OR 1=1 --",
      "${jndi:ldap://x}",
      "%00",
      "\\u0000",
    ];

    const cases = 520;
    const problems: string[] = [];
    for (let i = 0; i < cases; i += 1) {
      // Each case breaks one to three fields; the rest are valid or hostile-but-valid text.
      const broken = new Set<string>();
      const howMany = 1 + Math.floor(next() * 3);
      while (broken.size < howMany) broken.add(pick(fields));
      const form = new FormData();
      for (const [key, value] of Object.entries(goodValues)) {
        if (broken.has(key)) continue;
        form.append(key, key === "comment" ? `${value} ${pick(extras)}` : value);
      }
      for (const key of broken) {
        const value = pick(badValues[key]!);
        if (value === null) continue; // the field is missing altogether
        for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
      }
      if (next() < 0.1) form.append("name", new File(["binary"], "upload.bin"));
      if (next() < 0.05) form.append("unexpected", "field");

      const answer = await postContact(database, form, { clientAddress: `192.0.2.${i % 250}` });
      const messages = Object.values(answer.data.result?.error ?? {}).flatMap((list) => list ?? []);
      const ok =
        answer.status >= 400 &&
        answer.status < 500 &&
        answer.data.status === "invalid" &&
        messages.length > 0 &&
        messages.every((message) => /^[A-Z].*\.$/.test(message));
      if (!ok)
        problems.push(`case ${i} -> ${answer.status} ${JSON.stringify(answer.data)}: ${JSON.stringify([...form])}`);
    }
    expect(problems).toEqual([]);
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });

  it("treats random bytes and odd encodings as 4xx too", async () => {
    const next = seededRandom(7);
    const bodies = Array.from({ length: 40 }, (_, i) => {
      const bytes = Array.from({ length: 1 + Math.floor(next() * 200) }, () =>
        String.fromCharCode(Math.floor(next() * 256)),
      );
      return {
        body: bytes.join(""),
        type: i % 2 ? "application/x-www-form-urlencoded" : "multipart/form-data; boundary=zz",
      };
    });
    for (const { body, type } of bodies) {
      const answer = await postContact(database, body, { headers: { "Content-Type": type } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await counts()).toEqual({ contacts: 0, emails: 0 });
  });
});

describe("the notices", () => {
  it("quote docs/product.md#8-error-and-notice-texts", () => {
    expect(contactSentNotice).toMatchObject({
      title: "Message Sent!",
      description: "Thank you for contacting us. We'll get back to you soon.",
    });
    expect(contactFailedNotice).toMatchObject({
      title: "Error",
      description: "There was a problem sending your message. Please try again.",
    });
  });
});

describe("the /contact page's headers", () => {
  it("add the 429's Retry-After and keep the layout's cookies", () => {
    const result = new Headers(
      headers({
        parentHeaders: new Headers({ "Set-Cookie": "toast=; Max-Age=0" }),
        actionHeaders: new Headers({ "Retry-After": "3600" }),
        loaderHeaders: new Headers(),
        errorHeaders: undefined,
      } as unknown as Parameters<typeof headers>[0]),
    );
    expect(result.get("Retry-After")).toBe("3600");
    expect(result.get("Set-Cookie")).toBe("toast=; Max-Age=0");
  });
});
