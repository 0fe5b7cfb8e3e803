import { readdir, readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** The demo accounts tests/e2e/server.mjs seeds (DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD). */
export const e2eAccounts = {
  admin: { email: "director@example.org", password: "Lectern@Citrus42" },
  user: { email: "coach@example.org", password: "Podium@Lime2026" },
} as const;

/** Signs in through /auth as the demo admin or the demo user and waits for the landing page. */
export async function signIn(page: Page, who: keyof typeof e2eAccounts, redirectTo = "/orders") {
  await signInAs(page, e2eAccounts[who].email, e2eAccounts[who].password, redirectTo);
}

export async function signInAs(page: Page, email: string, password: string, redirectTo = "/orders") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === redirectTo);
}

/** The e2e server's DATA_DIR (server.mjs notes it in the temp folder, by port). */
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
          if (!to.includes(address) || (options.subject && !options.subject.test(subject))) continue;
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
