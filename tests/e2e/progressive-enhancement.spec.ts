// Public pages before and without JavaScript: what a visitor on a slow phone,
// or with scripts blocked, can do (issue 15, items 1 and 2).
import type { Page } from "@playwright/test";
import { expect, phone, test } from "./fixtures";

/** Holds every script of the page until `release()` is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe("on a 390 px phone whose script arrives late", () => {
  test.use({ viewport: phone });

  test("a menu opened before hydration stays open when the script runs", async ({ page }) => {
    // Hold every script until the visitor has opened the menu.
    const release = await holdScripts(page);
    await page.goto("/events", { waitUntil: "commit" });
    const menu = page.locator("header details");
    await page.getByLabel("Menu").click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.locator("details nav")).toBeVisible();
    // The chips turn into toggle buttons once React has hydrated the page.
    await expect(page.getByTestId("legend").getByRole("link").first()).toBeVisible();
    release();
    await expect(page.getByTestId("legend").getByRole("button").first()).toBeVisible();
    // Effects have run by now; give a late one a moment to misbehave.
    await page.waitForTimeout(300);
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.locator("details nav")).toBeVisible();
    // Navigation still closes it.
    await page.locator("details nav").getByRole("link", { name: "Dress Code" }).click();
    await expect(page).toHaveURL(/\/dress-code$/);
    await expect(page.locator("details nav")).toBeHidden();
  });
});

test("a bio opened before hydration stays open when the button takes over", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/about", { waitUntil: "commit" });
  const card = page.getByRole("listitem").filter({ hasText: "Dr. Miriam Feldstein" }).first();
  await card.getByText("Read more").click();
  await expect(card.getByText(/writes the Lincoln-Douglas topic analyses/)).toBeVisible();
  release();
  await expect(card.locator("[data-bio=interactive]")).toBeVisible();
  await expect(card.getByRole("button", { name: "Read less about Dr. Miriam Feldstein" })).toHaveAttribute("aria-expanded", "true");
  await expect(card.getByText(/writes the Lincoln-Douglas topic analyses/)).toBeVisible();
});

test("without JavaScript a philosophical term still opens its definition", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto("/guide");
  const definition = page.getByRole("note", { name: "Definition of deontology" }).first();
  await expect(definition).toBeHidden();
  await page.getByRole("button", { name: "deontology" }).first().click();
  await expect(definition).toBeVisible();
  await expect(definition).toContainText("Duty-based ethics");
  await page.keyboard.press("Escape");
  await expect(definition).toBeHidden();
  await context.close();
});

test("without JavaScript the event category chips filter through the server", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByTestId("legend").getByRole("link", { name: "Debate" }).click();
  await expect(page).toHaveURL(/\?type=debate#events-calendar$/);
  await expect(page.getByTestId("filter-count")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filter" }).click();
  await expect(page.getByTestId("filter-count")).toBeHidden();
  await context.close();
});
