import type { Browser, BrowserContext, Page } from "@playwright/test";
import { signIn } from "./auth-helpers";
import { expect, startScripts, test, waitForHydration } from "./fixtures";

// Decision 0014 ("every open shop page hears about a change within a second") and decision 0015 ("live update seen by
// an open page when the product changes in another tab"): two visitors keep /fees open while the demo admin,
// in another browser context, adds, edits, hides and deletes a product in Manage Products. The real feed
// (GET /products/feed, LISTEN/NOTIFY) carries the changes; nothing here stands in for it.

// Three browser pages, several saves and reloads of the admin table on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** How long a change may take to reach an open page on a heavily loaded machine (the target is 1 s). */
const LIVE = { timeout: 15_000 };

const NAME = "Live Feed Pennant";
const RENAMED = "Live Feed Banner";

/**
 * Runs before the page's own scripts: notes when the feed has said `ready` (the server has subscribed this
 * page, so from then on no change can slip past it) and when each toast title first shows, so the test
 * can measure how long a change took to arrive. It only observes; the page behaves as it would without it.
 */
function observeFeedAndToasts() {
  const w = window as unknown as {
    __feedReady: number;
    __toastSeenAt: Record<string, number>;
    __sameDocument: boolean;
  };
  w.__feedReady = 0;
  w.__toastSeenAt = {};
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener("ready", () => {
        w.__feedReady += 1;
      });
    }
  };
  const note = () => {
    for (const toast of document.querySelectorAll("[data-sonner-toast] [data-title]")) {
      const title = toast.textContent?.trim() ?? "";
      w.__toastSeenAt[title] ??= Date.now();
    }
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
}

type Visitor = { context: BrowserContext; page: Page };

async function openShop(browser: Browser): Promise<Visitor> {
  const context = await browser.newContext();
  await context.addInitScript(observeFeedAndToasts);
  const page = await context.newPage();
  await page.goto("/fees");
  await startScripts(page);
  // React runs once the cart forms gain their `js` field (the open feed keeps the network from going idle).
  await expect(page.locator('input[name="js"]').first()).toBeAttached({ timeout: 30_000 });
  // The feed is connected and subscribed before anyone changes anything.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __feedReady: number }).__feedReady), { timeout: 30_000 })
    .toBeGreaterThan(0);
  // Marks this document: a reload would lose the mark, so the checks below prove no reload happened.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return { context, page };
}

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

/** Milliseconds from `since` until `title` first showed as a toast on `page`. */
async function delayOf(page: Page, title: string, since: number): Promise<number> {
  const seenAt = await page.evaluate(
    (key) => (window as unknown as { __toastSeenAt: Record<string, number> }).__toastSeenAt[key],
    title,
  );
  expect(seenAt, `${title} was recorded`).toBeDefined();
  return seenAt! - since;
}

async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test("open shop pages see a product added, edited, hidden and deleted in Manage Products, without reloading", async ({
  browser,
}) => {
  const visitors = [await openShop(browser), await openShop(browser)];
  for (const { page } of visitors) {
    await expect(card(page, "Lectern Tote Bag")).toBeVisible();
    await expect(card(page, NAME)).toHaveCount(0);
  }

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin", "/admin/products");
  await waitForHydration(admin);
  await expect(admin.getByTestId("product-name").first()).toBeAttached();
  const row = (name: string) => admin.getByTestId("product-row").filter({ hasText: name });
  const delays: Record<string, number[]> = {};
  const measure = async (title: string, since: number) => {
    for (const { page } of visitors) (delays[title] ??= []).push(await delayOf(page, title, since));
  };

  // (c) A new active product: "New Product Available" and its card appears.
  await admin.getByRole("link", { name: "Add Product" }).click();
  const add = admin.getByRole("dialog", { name: "Add Product" });
  await add.getByLabel("Name").fill(NAME);
  await add.getByLabel("Description").fill("Pinned up at every tournament.");
  await add.getByLabel("Price (USD)").fill("7");
  let since = Date.now();
  await add.getByRole("button", { name: "Add Product" }).click();
  await expect(admin.getByText("Product created successfully")).toBeVisible({ timeout: 20_000 });
  for (const { page } of visitors) {
    await expect(toast(page, "New Product Available")).toContainText(NAME, LIVE);
    await expect(card(page, NAME)).toContainText("$7.00", LIVE);
    await expect(card(page, NAME)).toContainText("Pinned up at every tournament.");
    await expect(card(page, NAME).getByRole("button", { name: `Add to Cart: ${NAME}` })).toBeEnabled();
  }
  await measure("New Product Available", since);

  // (a) A new name and price: "Product Updated" and the card shows both.
  await row(NAME)
    .getByRole("link", { name: `Edit ${NAME}` })
    .click();
  const edit = admin.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Price (USD)")).toHaveValue("7.00");
  await edit.getByLabel("Name").fill(RENAMED);
  await edit.getByLabel("Price (USD)").fill("8.25");
  since = Date.now();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.getByText("Product updated successfully")).toBeVisible({ timeout: 20_000 });
  for (const { page } of visitors) {
    await expect(toast(page, "Product Updated")).toContainText(RENAMED, LIVE);
    await expect(card(page, RENAMED)).toContainText("$8.25", LIVE);
    await expect(card(page, NAME)).toHaveCount(0);
  }
  await measure("Product Updated", since);

  // (b) Inactive: "Product Removed" and the card goes.
  since = Date.now();
  await row(RENAMED)
    .getByRole("button", { name: `Deactivate ${RENAMED}` })
    .click();
  await expect(admin.getByText("Product deactivated successfully")).toBeVisible({ timeout: 20_000 });
  for (const { page } of visitors) {
    await expect(toast(page, "Product Removed")).toContainText(RENAMED, LIVE);
    await expect(card(page, RENAMED)).toHaveCount(0, LIVE);
    // The rest of the shop is untouched.
    await expect(card(page, "Lectern Tote Bag")).toBeVisible();
  }
  await measure("Product Removed", since);

  // Leave the catalogue as the other specs expect it: delete the product (already hidden, so no notice).
  await row(RENAMED)
    .getByRole("link", { name: `Delete ${RENAMED}` })
    .click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Product deleted successfully")).toBeVisible({ timeout: 20_000 });
  await expect(row(RENAMED)).toHaveCount(0);

  for (const { page } of visitors) await expectNotReloaded(page);
  // From the admin's click to the toast on each open page (includes the admin's save and a loaded machine).
  test.info().annotations.push({ type: "feed delay (ms)", description: JSON.stringify(delays) });
  console.log(`live feed: ms from the admin's click to each open page's toast ${JSON.stringify(delays)}`);
  for (const values of Object.values(delays)) for (const value of values) expect(value).toBeLessThan(LIVE.timeout);

  await adminContext.close();
  for (const { context } of visitors) await context.close();
});
