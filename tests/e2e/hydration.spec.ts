// docs/testing.md#browser-tests: what a person sees is current. No public page logs a React hydration error (its HTML and the
// browser's first render must agree: /fees?register=... once logged #418 on every load), at 390 and 1280 px; and
// keystrokes typed while a page's scripts are still starting are kept by the hydrating field. (Without JavaScript
// nothing hydrates: the other specs hold those pages to their plain HTML.)
import type { Page } from "@playwright/test";
import { expect, phone, reachFor, test, waitForHydration } from "./fixtures";

test.describe.configure({ timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const PUBLIC_PAGES = [
  "/",
  "/mission",
  "/guide",
  "/dress-code",
  "/schools",
  "/about",
  "/events",
  "/2025-nationals-team",
  "/contact",
  "/donate",
  "/fees",
  "/judge",
  "/entries",
  "/auth",
];

/** React's hydration errors, minified in the production build (#418 text, #419-#425 the others) or not. */
const HYDRATION = /Minified React error #4(1[89]|2[0-5])|hydrat/i;

/** Collects the page's console errors and uncaught errors that are React hydration errors. */
function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION.test(message.text())) errors.push(message.text().slice(0, 300));
  });
  page.on("pageerror", (error) => {
    if (HYDRATION.test(error.message)) errors.push(error.message.slice(0, 300));
  });
  return errors;
}

/** The parts of a page that hydrate on first use (lazyUntilUsed), reached for so that their HTML is compared too. */
const LAZY_PARTS: Record<string, string[]> = {
  "/guide": ["article[aria-labelledby=guide-event-title]"],
  "/contact": ["form#contact-form"],
  "/donate": ["form#donation-form"],
};

/** Hydrates the page and its parts that hydrate on first use, so every boundary is compared. */
async function hydrateAll(page: Page, path: string) {
  await waitForHydration(page);
  for (const part of LAZY_PARTS[path] ?? []) await reachFor(page, part);
  // Effects have run and any late boundary has resolved by the frame after.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

for (const viewport of [phone, desktop]) {
  test(`no public page logs a React hydration error at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const errors = hydrationErrors(page);
    await page.goto("/fees");
    const register = await page
      .getByRole("link", { name: /^Add to Cart: / })
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute("href")!).filter((href) => href.includes("register=")),
      );
    expect(register.length).toBeGreaterThan(0);
    for (const path of [...PUBLIC_PAGES, ...register]) {
      await test.step(path, async () => {
        await page.goto(path);
        await hydrateAll(page, path);
        expect(errors, path).toEqual([]);
      });
    }
    // A visitor with a cart (an entry and apparel) gets /fees from the page cache with the cart filled in.
    await test.step("/fees with a cart", async () => {
      await page.goto(register.find((href) => href.includes("register="))!);
      const form = page.locator("#register form");
      const productId = await form.locator('input[name="productId"]').inputValue();
      const scheduleEvent = await form
        .getByRole("combobox", { name: "Tournament" })
        .locator("option", { hasText: "Hybrid Multi Event Tournament" })
        .getAttribute("value");
      const origin = { Origin: new URL(page.url()).origin };
      const entry = await page.request.post("/fees", {
        form: {
          intent: "add",
          productId,
          studentFirst: "Hydra",
          studentLast: `Cart${viewport.width}${Date.now().toString(36)}`,
          studentSchool: "Riverside Yeshiva High School",
          scheduleEvent: scheduleEvent!,
          competitionEvent: "Informative Speaking",
        },
        headers: origin,
      });
      expect(entry.ok()).toBe(true);
      await page.goto("/fees");
      await expect(page.locator("#your-cart").getByTestId("entry-quantity")).toHaveText("Quantity: 1");
      await hydrateAll(page, "/fees");
      expect(errors, "/fees with a cart").toEqual([]);
    });
  });

  test(`keystrokes typed while /donate's scripts start are kept at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/donate");
    // A loaded machine: the page's code arrives only after the typing.
    const held: Array<() => Promise<void>> = [];
    let released = false;
    await page.route("**/assets/*.js", (route) =>
      released ? route.continue() : void held.push(() => route.continue()),
    );
    const amount = page.getByRole("textbox", { name: /Donation amount/ });
    await amount.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("1a2.5.x3");
    await expect(amount).toHaveValue("1a2.5.x3");
    expect(held.length).toBeGreaterThan(0);
    released = true;
    await Promise.all(held.map((release) => release()));
    await expect(page.locator("[data-live] form#donation-form")).toBeVisible();
    // Every character the amount's rule accepts, none lost ("2.53" before the fix: the first "1" was dropped).
    await expect(amount).toHaveValue("12.53");
    await page.keyboard.type("4");
    await expect(amount).toHaveValue("12.53");
  });
}
