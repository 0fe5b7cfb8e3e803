import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { absoluteLinks, hasRelativeLink } from "./absolute-links";
import { renderEmail } from "./templates";

const BASE = "https://citron.example";

/** Every source file of the application (app/ and server/), tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("every link in every email is absolute (decision 0051)", () => {
  it("a path of the site in any part of a template becomes PUBLIC_URL and the path; others stay as they are", () => {
    const email = renderEmail({
      title: "Judges needed",
      intro: ["Name them on the judge form: /judge?tournament=2027-01-10%7Cwinter (or write to us)."],
      fields: [{ label: "Your entries", value: "See them", href: "/entries/abc" }],
      action: { label: "Open the judge form", url: "/judge?tournament=x" },
      quote: { label: "Message", text: "Your school still owes judges.\n/judge?tournament=x\n(see /entries)" },
      footer: "Questions? Write to info@example.org, 12/8, and/or see https://example.org/a/b.",
    });
    for (const part of [email.html, email.text]) {
      expect(hasRelativeLink(part)).toBe(true);
      const absolute = absoluteLinks(part, BASE);
      expect(hasRelativeLink(absolute)).toBe(false);
      expect(absolute).toContain(`${BASE}/judge?tournament=x`);
      expect(absolute).toContain(`${BASE}/judge?tournament=2027-01-10%7Cwinter`);
      expect(absolute).toContain(`(see ${BASE}/entries)`);
      expect(absolute).toContain("12/8, and/or see https://example.org/a/b.");
      expect(absolute).not.toContain(`${BASE}${BASE}`);
    }
    expect(absoluteLinks(email.html, BASE)).toContain(`href="${BASE}/entries/abc"`);
    // Closing tags and the page's own structure are untouched.
    expect(absoluteLinks(email.html, BASE).match(/<\/p>/g)?.length).toBe(email.html.match(/<\/p>/g)?.length);
    expect(absoluteLinks("Already absolute: https://citron.example/judge", `${BASE}/`)).toBe(
      "Already absolute: https://citron.example/judge",
    );
  });

  it("every email of the site goes through the outbox's queueEmail or sendEmailNow, which make its links absolute", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = [...sources(path.join(root, "app")), ...sources(path.join(root, "server"))];
    const writers = files.filter((file) => /insert\(emailOutbox\)/.test(readFileSync(file, "utf8")));
    expect(writers.map((file) => path.relative(root, file))).toEqual(["app/features/email/outbox.server.ts"]);
    const outbox = readFileSync(path.join(root, "app/features/email/outbox.server.ts"), "utf8");
    expect(outbox.match(/absoluteLinks\(message\.(text|html)/g)).toHaveLength(4);
    // The worker delivers what the outbox holds; nothing else hands a message to the transport.
    const senders = files.filter(
      (file) => /\.send\(\{/.test(readFileSync(file, "utf8")) && /transport/i.test(file + readFileSync(file, "utf8")),
    );
    for (const file of senders) expect(path.relative(root, file)).toMatch(/^app\/features\/email\//);
  });
});
