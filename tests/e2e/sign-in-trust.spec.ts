import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { signIn, signInAs, signInThroughForm } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Decision 0037, with JavaScript on: the owner's browser keeps its way in while a stranger guesses from other addresses
 * (the server trusts one proxy hop in the browser tests, so X-Forwarded-For names the stranger's address).
 */

/** A new account of `role`, made by the demo admin (tests here lock accounts out; the demo ones stay usable). */
async function newAccount(page: Page, prefix: string, role: "user" | "admin" = "user") {
  const email = `${prefix}-${Date.now()}@example.org`;
  const password = "Trusty!Owner2026";
  await signIn(page, "admin", "/admin/users");
  const answer = await page.request.post("/admin/users", {
    form: { intent: "create", email, password, role },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(answer.status()).toBe(200);
  await page.context().clearCookies();
  return { email, password };
}

/** Failed sign-ins to `email` from other addresses, by a client without the owner's cookies. */
async function strangerFails(request: APIRequestContext, origin: string, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    await request.post("/auth", {
      form: { intent: "sign-in", email, password: `Wrong!Guess${i}` },
      headers: { Origin: origin, "X-Forwarded-For": `192.0.2.${(i % 250) + 1}` },
      maxRedirects: 0,
    });
  }
}

test("the owner's browser signs in, with JavaScript, after a stranger's failures from other addresses", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const owner = await newAccount(page, "owner");
  // The owner signs in once through the form (JavaScript on: it posts to /auth.data) and out again.
  await signInThroughForm(page, owner.email, owner.password, "/orders");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(`${baseURL}/`);

  // A stranger fills the account's window for browsers it does not know, from many addresses.
  const stranger = await playwright.request.newContext({ baseURL });
  await strangerFails(stranger, new URL(baseURL!).origin, owner.email, 31);
  const refused = await stranger.post("/auth", {
    form: { intent: "sign-in", email: owner.email, password: owner.password },
    headers: { Origin: new URL(baseURL!).origin, "X-Forwarded-For": "192.0.2.251" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(429);

  // The owner's own browser, with JavaScript, still gets in through the form ...
  await page.goto("/auth?redirectTo=%2Forders");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  const [post] = await Promise.all([
    page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/auth.data"),
    page.getByRole("button", { name: "Sign In" }).click(),
  ]);
  expect(post.url()).toContain("/auth.data");
  await expect(page).toHaveURL(`${baseURL}/orders`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(`${baseURL}/`);

  // ... and keeps its own allowance of reset links, which the stranger spent for everyone else.
  for (let i = 0; i < 4; i++) {
    await stranger.post("/auth", {
      form: { intent: "forgot", email: owner.email },
      headers: { Origin: new URL(baseURL!).origin, "X-Forwarded-For": `198.51.100.${i + 1}` },
    });
  }
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await dialog.getByLabel("Email").fill(owner.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog.getByText("Reset Email Sent")).toBeVisible();
  await stranger.dispose();
});

/** The code an authenticator app shows now for `key` (RFC 6238, 30 s, 6 digits). */
const codeFor = (key: string) =>
  createOTP(new TextDecoder().decode(base32.decode(key))).hotp(Math.floor(Date.now() / 30_000));

/** Whether `other` is still signed in: the admin area opens, or sends it to sign in. */
async function stillSignedIn(other: Page) {
  await other.goto("/orders");
  await other.waitForURL((url) => url.pathname === "/orders" || url.pathname === "/auth");
  return new URL(other.url()).pathname === "/orders";
}

async function secondBrowser(browser: Browser, email: string, password: string) {
  const other = await (await browser.newContext()).newPage();
  await signInAs(other, email, password, "/orders");
  return other;
}

test("a password change and two-factor enrolment, with JavaScript, end the account's other sessions and say so", async ({
  browser,
  page,
}) => {
  test.slow();
  const account = await newAccount(page, "sessions", "admin");
  await signInAs(page, account.email, account.password, "/admin/profile");
  await waitForHydration(page);

  // Another browser is signed in to the same account; the password changes here.
  let other = await secondBrowser(browser, account.email, account.password);
  const newPassword = "Fresh!Lemon2026";
  await page.getByLabel("Current Password").fill(account.password);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(
    page.getByText("Every other session of this account was signed out", { exact: false }).first(),
  ).toBeVisible();
  expect(await stillSignedIn(other)).toBe(false);
  await other.context().close();

  // Signed in elsewhere again with the new password, before two-factor is set up here.
  other = await secondBrowser(browser, account.email, newPassword);
  await page.getByLabel("Your password").fill(newPassword);
  await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  const key = (await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7]{16,}=*$/ })
    .textContent())!.trim();
  await page.getByLabel("Code from the app").fill(await codeFor(key));
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page.getByText("On: signing in asks for a code")).toBeVisible();
  await expect(
    page.getByText("Every other session of this account was signed out", { exact: false }).first(),
  ).toBeVisible();
  // The session opened with the password alone before the enrolment has no access any more; this one has.
  expect(await stillSignedIn(other)).toBe(false);
  expect(await stillSignedIn(page)).toBe(true);
  await other.context().close();
});
