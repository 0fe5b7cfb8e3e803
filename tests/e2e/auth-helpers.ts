import { readdir, readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { e2eBaseURL, startScripts } from "./fixtures";

/** The demo accounts tests/e2e/server.mjs seeds (DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD). */
export const e2eAccounts = {
  admin: { email: "director@example.org", password: "Lectern@Citrus42" },
  user: { email: "coach@example.org", password: "Podium@Lime2026" },
} as const;

/**
 * Signs in as the demo admin or the demo user and opens `redirectTo`: one post of the sign-in form's fields
 * (signInAs), for tests whose subject is not signing in.
 */
export async function signIn(page: Page, who: keyof typeof e2eAccounts, redirectTo = "/orders") {
  await signInAs(page, e2eAccounts[who].email, e2eAccounts[who].password, redirectTo);
}

/**
 * Signs in with one HTTP post of what the /auth form sends, through `page.request`, which shares the page's
 * cookies, then opens `redirectTo`. The same action and limits as the form (a successful sign-in counts against
 * none), without loading /auth and typing. The Origin header is the site's own, as a browser sends it, so the
 * cross-site check (server/same-site.ts) sees a same-site post.
 */
export async function signInAs(page: Page, email: string, password: string, redirectTo = "/orders") {
  const baseURL = e2eBaseURL();
  const answer = await page.request.post(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`, {
    form: { intent: "sign-in", email, password, redirectTo },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  // A refusal answers the /auth page with its notice; an account with two-factor sign-in goes to the code step.
  expect(answer.status(), `signing in as ${email}`).toBe(302);
  const location = new URL(answer.headers().location ?? "", baseURL);
  expect(`${location.pathname}${location.search}`, `signing in as ${email}`).toBe(redirectTo);
  await page.goto(redirectTo);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === redirectTo);
  // Through the form with JavaScript on, the landing page came by a client-side navigation, already hydrated: a
  // test's first click went to React. Opened here by address, it must start its scripts (a public page waits for a
  // person's first sign) and be held by React first, or a click on a link still follows it as plain HTML.
  if (await page.evaluate(() => "__reactRouterContext" in window)) {
    await startScripts(page);
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  }
}

/** Signs in through the /auth form as a visitor does, for tests about signing in; waits for the landing page. */
export async function signInThroughForm(page: Page, email: string, password: string, redirectTo = "/orders") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === redirectTo);
}

/** This worker's e2e server's DATA_DIR (server.mjs notes it in the temp folder, by port). */
export function e2eDataDir(): string {
  const port = process.env.E2E_PORT ?? "4173";
  return readFileSync(path.join(os.tmpdir(), `citron-e2e-${port}.datadir`), "utf8").trim();
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest email to `address` written under DATA_DIR/mail, waiting for the outbox worker. */
export async function waitForEmail(
  address: string,
  options: { subject?: RegExp; since?: number } = {},
): Promise<string> {
  const dir = path.join(e2eDataDir(), "mail");
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        const matches: { text: string; at: string }[] = [];
        for (const name of names.filter((file) => file.endsWith(".eml"))) {
          const text = decodeQuotedPrintable(await readFile(path.join(dir, name), "utf8"));
          const to = /^To: (.*)$/m.exec(text)?.[1] ?? "";
          const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? "";
          // The address itself among the recipients, not a part of another (js-1@… is inside nojs-1@…).
          const recipients = to.split(",").map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim().toLowerCase());
          if (!recipients.includes(address.toLowerCase()) || (options.subject && !options.subject.test(subject)))
            continue;
          if (options.since && Date.parse(/^Date: (.*)$/m.exec(text)?.[1] ?? "") < options.since - 1000) continue;
          matches.push({ text, at: name });
        }
        matches.sort((a, b) => a.at.localeCompare(b.at));
        found = matches.at(-1)?.text;
        return Boolean(found);
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}
