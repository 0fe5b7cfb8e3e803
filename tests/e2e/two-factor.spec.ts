import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { signIn, signInThroughForm } from "./auth-helpers";
import { expect, phone, test } from "./fixtures";

test.describe.configure({ timeout: 150_000 });

/** The code an authenticator app shows now for the key the setup page showed (RFC 6238, 30 s, 6 digits). */
const codeFor = (key: string, offsetSteps = 0) =>
  createOTP(new TextDecoder().decode(base32.decode(key))).hotp(Math.floor(Date.now() / 30_000) + offsetSteps);

// Decision 0028, on a 390 px phone without JavaScript: a new admin sets up two-factor sign-in, signs in with a
// code (a wrong one and the same one again are refused), and another admin resets it.
test.describe("two-factor sign-in without JavaScript", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("set up, sign in with a code, refused wrong and reused codes, reset by another admin", async ({
    browser,
    page,
  }) => {
    const email = `tfa-${Date.now()}@example.org`;
    const password = "Quiet!Factor2026";
    await signIn(page, "admin", "/admin/users");
    await page.getByRole("link", { name: "Add New User" }).click();
    const form = page.getByRole("form", { name: "Add New User" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByLabel("Role").selectOption("admin");
    await form.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByRole("status")).toContainText("User created successfully with admin role.");

    const own = await (await browser.newContext({ viewport: phone, javaScriptEnabled: false })).newPage();
    await signInThroughForm(own, email, password, "/admin/profile");
    await own.getByLabel("Your password").fill(password);
    await own.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
    const keyBox = own.locator("code").filter({ hasText: /^[A-Z2-7]{16,}=*$/ });
    const key = (await keyBox.textContent())!.trim();
    await expect(own.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await own.getByLabel("Code from the app").fill("000000");
    await own.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
    await expect(own.getByText("That code is not right.", { exact: false })).toBeVisible();
    // The key is shown again for another try.
    await expect(keyBox).toHaveText(key);
    const setupCode = await codeFor(key);
    await own.getByLabel("Code from the app").fill(setupCode);
    await own.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
    await expect(own.getByText("On: signing in asks for a code")).toBeVisible();
    expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // Next sign-in: the password opens the code step only.
    const next = await (await browser.newContext({ viewport: phone, javaScriptEnabled: false })).newPage();
    await next.goto("/auth?redirectTo=%2Forders");
    await next.getByLabel("Email").fill(email);
    await next.getByLabel("Password", { exact: true }).fill(password);
    await next.getByRole("button", { name: "Sign In" }).click();
    await expect(next).toHaveURL(/\/auth\?step=code/);
    await expect(next.getByRole("heading", { name: "Two-Factor Sign-In" })).toBeVisible();
    await next.getByRole("textbox", { name: "Verification code" }).fill("123456");
    await next.getByRole("button", { name: "Verify" }).click();
    await expect(next.getByText("That code is not right.", { exact: false })).toBeVisible();
    // The code already used to turn it on is still in its window, and used: take the next step's code, which the
    // server accepts a step early (better-auth checks one 30 s step either side), instead of waiting for it.
    const code = await codeFor(key, 1);
    expect(code).not.toBe(setupCode);
    await next.getByRole("textbox", { name: "Verification code" }).fill(code);
    await next.getByRole("button", { name: "Verify" }).click();
    await expect(next).toHaveURL(/\/orders$/);

    // Someone else with the password and the same code, within its 30 seconds: refused.
    const thief = await (await browser.newContext({ viewport: phone, javaScriptEnabled: false })).newPage();
    await thief.goto("/auth");
    await thief.getByLabel("Email").fill(email);
    await thief.getByLabel("Password", { exact: true }).fill(password);
    await thief.getByRole("button", { name: "Sign In" }).click();
    await thief.getByRole("textbox", { name: "Verification code" }).fill(code);
    await thief.getByRole("button", { name: "Verify" }).click();
    await expect(thief.getByText("That code was already used.", { exact: false })).toBeVisible();

    // The director resets it (a lost phone): the account signs in with its password alone again.
    await page.goto("/admin/users");
    await page
      .getByRole("button", { name: `Reset two-factor sign-in for ${email}` })
      .first()
      .click();
    await expect(page.getByText(`${email} will set it up again at their next sign-in.`)).toBeVisible();
    const after = await (await browser.newContext({ viewport: phone, javaScriptEnabled: false })).newPage();
    await signInThroughForm(after, email, password, "/orders");
  });
});
