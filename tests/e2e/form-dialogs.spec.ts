import type { Browser, Page } from "@playwright/test";
import { expect, startScripts, test, waitForHydration } from "./fixtures";

// One way to open a form (decision 0032): each public form proven with JavaScript (a dialog in place, focus back
// to its opener), without it (a page section that posts and answers in the page) and before the page's scripts
// have started (the link still works).
test.describe.configure({ timeout: 120_000 });

const TOURNAMENT = "Citron Tournament Entry Fee";

/** A page whose scripts never arrive: the state of any page before they have loaded. */
async function withoutScriptsYet(page: Page) {
  await page.route("**/assets/*.js", (route) => route.abort());
}

async function noJsPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test.describe("registration (/fees?register=)", () => {
  test("with JavaScript: the link opens the dialog in place; Escape closes it and focus is back on the link", async ({
    page,
  }) => {
    await page.goto("/fees");
    await startScripts(page);
    await expect(page.locator('input[name="js"]').first()).toBeAttached();
    const opener = page.getByRole("link", { name: `Add to Cart: ${TOURNAMENT}` });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Tournament Registration" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/fees\?register=[\w-]+$/);
    await expect(dialog.getByRole("textbox", { name: "Student's first name" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/fees$/);
    await expect(opener).toBeFocused();
    // Opened and closed in place: the same document all along.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("without JavaScript: the link opens the page section, whose post answers in it", async ({ browser }) => {
    const { context, page } = await noJsPage(browser);
    await page.goto("/fees");
    await page.getByRole("link", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(page).toHaveURL(/register=[\w-]+#register$/);
    const section = page.locator("section#register");
    await expect(section.getByRole("heading", { name: "Tournament Registration" })).toBeVisible();
    await section.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(section.getByRole("alert").filter({ hasText: "Validation Error" })).toContainText(
      "Student name must be at least 2 characters",
    );
    await section.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/fees$/);
    await expect(page.locator("section#register")).toHaveCount(0);
    await context.close();
  });

  test("before the scripts have started: the link still opens the page section", async ({ page }) => {
    await withoutScriptsYet(page);
    await page.goto("/fees");
    await page.getByRole("link", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(page).toHaveURL(/register=[\w-]+#register$/);
    await expect(page.locator("section#register").getByRole("textbox", { name: "Student's first name" })).toBeVisible();
  });
});

test.describe("contact (Get Involved, ?contact=1)", () => {
  test("with JavaScript: the dialog opens in place on Home; Escape gives focus back to the button", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Get Involved" }).first();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Get in Touch" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/\?contact=1$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(opener).toBeFocused();
  });

  test("without JavaScript: the link leads to the form on /contact, which sends and says so in the page", async ({
    browser,
  }) => {
    const { context, page } = await noJsPage(browser);
    await page.goto("/");
    await page.getByRole("link", { name: "Get Involved" }).first().click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    const form = page.locator("form#contact-form");
    await form.getByLabel("Name").fill("Noa Levi");
    await form.getByLabel("Email").fill("noa.levi@example.org");
    await form.getByLabel("Inquiry purpose").selectOption({ index: 1 });
    await form.getByLabel("Message").fill("We would like to judge this spring.");
    await form.getByRole("button", { name: "Send Message" }).click();
    // The answer is in the page. (On a server whose contact limit contact.spec.ts has spent for this address, the
    // answer is the limit's message, in the page all the same.)
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Message Sent!" })
        .or(page.getByRole("alert").filter({ hasText: "several messages" })),
    ).toBeVisible();
    await context.close();
  });

  test("before the scripts have started: the link still leads to the form", async ({ page }) => {
    await withoutScriptsYet(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Get Involved" }).first().click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.locator("form#contact-form").getByLabel("Message")).toBeVisible();
  });
});

test.describe("forgot password (/auth?forgot=1)", () => {
  test("with JavaScript: the dialog opens in place; its answer shows in it; Escape gives focus back", async ({
    page,
  }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Forgot your password?" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?forgot=1$/);
    await dialog.getByLabel("Email").fill("nobody.e2e@example.org");
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("status")).toContainText("Reset Email Sent");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(opener).toBeFocused();
  });

  test("without JavaScript: the link opens a screen of its own, whose post answers in it", async ({ browser }) => {
    const { context, page } = await noJsPage(browser);
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/auth\?forgot=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill("nobody.e2e@example.org");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("Reset Email Sent");
    await context.close();
  });

  test("before the scripts have started: the link still opens the screen", async ({ page }) => {
    await withoutScriptsYet(page);
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  });
});

test.describe("donation (/donate, a page form)", () => {
  test("without JavaScript: the post answers in the page with the form's messages", async ({ browser }) => {
    const { context, page } = await noJsPage(browser);
    await page.goto("/donate");
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page.locator("form#donation-form").getByText("First name is required")).toBeVisible();
    await context.close();
  });

  test("before the scripts have started: a quick pick is a link, and the form still posts", async ({ page }) => {
    await withoutScriptsYet(page);
    await page.goto("/donate");
    await page.getByRole("link", { name: "$50" }).click();
    await expect(page).toHaveURL(/\/donate\?amount=50#donation-form$/);
    await expect(page.getByLabel("Donation amount (USD)")).toHaveValue("50");
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page.locator("form#donation-form").getByText("First name is required")).toBeVisible();
  });
});
