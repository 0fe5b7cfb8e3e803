// docs/product.md#one-entry-per-student-and-event and docs/product.md#shop-and-cart as a family sees them, at 390 and 1280 px, with and without JavaScript: a registration is
// one entry (no quantity to change; apparel keeps its own), the same student in the same event is refused with the
// entry already made named, and a tab left open on a cart paid in another tab empties itself (with JavaScript) or
// is refused at checkout (without).
import type { Browser, Locator, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { expect, phone, startScripts, test } from "./fixtures";

test.describe.configure({ timeout: 180_000 });

const desktop = { width: 1280, height: 800 };
const ENTRY = "Citron Tournament Entry Fee";
const JUDGE = "Judge Fee";
const ZIP = "District Quarter-Zip";
const TOURNAMENT = "Hybrid Multi Event Tournament";
const EVENT = "Impromptu Speaking";
const run = Date.now().toString(36);

const cart = (page: Page) => page.locator("#your-cart");
const cartLine = (page: Page, text: string) => cart(page).getByRole("listitem").filter({ hasText: text });

/** Waits until React runs on /fees: its forms gain their `js` field then. */
async function hydrated(page: Page) {
  await startScripts(page);
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
}

/** Fills a tournament entry (a dialog with JavaScript, the in-page form without) and adds it. */
async function addEntry(page: Page, scope: Locator, first: string, last: string) {
  await scope.getByRole("textbox", { name: "Student's first name" }).fill(first);
  await scope.getByRole("textbox", { name: "Student's last name" }).fill(last);
  await scope
    .getByRole("combobox", { name: "Member school", exact: true })
    .selectOption({ label: "Ohr Chaim Academy" });
  await scope
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: `${TOURNAMENT} (Sun, Mar 28, ${e2eEventsYear()})` });
  await scope.getByRole("combobox", { name: "Competition event" }).selectOption({ label: EVENT });
  await scope.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
}

const inCartMessage = (student: string) => `${student} is already in your cart for ${EVENT} at ${TOURNAMENT}.`;

async function newFamily(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const viewport of [phone, desktop]) {
  test(`with JavaScript at ${viewport.width} px: an entry is one line of quantity 1, the same student again is refused`, async ({
    browser,
  }) => {
    const { context, page } = await newFamily(browser, viewport, true);
    const last = `Bar${viewport.width}${run}`;
    await page.goto("/fees");
    await hydrated(page);
    await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    await addEntry(page, page.getByRole("dialog"), "Eli", last);
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 20_000 });
    const line = cartLine(page, `Eli ${last}`);
    await expect(line.getByTestId("entry-quantity")).toHaveText("Quantity: 1");
    await expect(line.getByRole("spinbutton")).toHaveCount(0);

    // The same student, typed another way: refused, naming the line already in the cart.
    await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    const dialog = page.getByRole("dialog");
    await addEntry(page, dialog, "ELI", last.toLowerCase());
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Could not add to cart" })
        .filter({
          hasText: inCartMessage(`Eli ${last}`),
        }),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(cart(page).getByRole("listitem")).toHaveCount(1);

    // Apparel keeps SPEC's stock text and its quantity control.
    await expect(page.getByRole("article", { name: JUDGE }).getByText("Unlimited Stock Available")).toBeVisible();
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP).getByRole("spinbutton", { name: `Quantity of ${ZIP}` })).toHaveValue("1");
    await context.close();
  });

  test(`without JavaScript at ${viewport.width} px: the same, and a paid entry refuses the student from another cart`, async ({
    browser,
  }) => {
    const last = `Nojs${viewport.width}${run}`;
    const { context, page } = await newFamily(browser, viewport, false);
    await page.goto("/fees");
    await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    await addEntry(page, page.locator("#register"), "Dov", last);
    await expect(page).toHaveURL(/\/fees#your-cart$/);
    await expect(cartLine(page, `Dov ${last}`).getByTestId("entry-quantity")).toHaveText("Quantity: 1");
    await expect(cartLine(page, `Dov ${last}`).getByRole("spinbutton")).toHaveCount(0);
    await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    await addEntry(page, page.locator("#register"), "dov", last);
    await expect(page.getByText(inCartMessage(`Dov ${last}`)).first()).toBeVisible();

    // Paid; then another family (another cart) tries the same student.
    await page.goto("/fees");
    await page.getByRole("textbox", { name: "Email" }).fill(`dov-${viewport.width}-${run}@example.com`);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("link", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await context.close();

    const other = await newFamily(browser, viewport, false);
    await other.page.goto("/fees");
    await other.page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    await addEntry(other.page, other.page.locator("#register"), "Dov", last);
    await expect(
      other.page
        .getByText(
          new RegExp(`^Dov ${last} is already entered in ${EVENT} at ${TOURNAMENT} \\(entry \\d{3,}\\)\\. One student`),
        )
        .first(),
    ).toBeVisible();
    await expect(cart(other.page).getByText("Your cart is empty")).toBeVisible();
    await other.context.close();
  });
}

for (const viewport of [phone, desktop]) {
  test(`a payment made in another tab empties this tab's cart at ${viewport.width} px (JavaScript)`, async ({
    browser,
  }) => {
    const { context, page: stale } = await newFamily(browser, viewport, true);
    await stale.goto("/fees");
    await hydrated(stale);
    await stale.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
    await addEntry(stale, stale.getByRole("dialog"), "Tab", `Left${viewport.width}${run}`);
    await expect(cartLine(stale, `Tab Left${viewport.width}${run}`)).toBeVisible();

    // The same browser, another tab: checkout and pay there (the sandbox's page opens in a third).
    const payer = await context.newPage();
    await payer.goto("/fees");
    await hydrated(payer);
    await payer.getByRole("textbox", { name: "Email" }).fill(`tabs-${viewport.width}-${run}@example.com`);
    await payer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const [sandbox] = await Promise.all([
      context.waitForEvent("page"),
      payer
        .getByRole("dialog", { name: "Complete Your Payment" })
        .getByRole("link", { name: /Proceed to Payment/ })
        .click(),
    ]);
    await sandbox.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(sandbox.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();

    // The first tab, untouched: its cart empties by itself; no Proceed to Checkout offers a paid cart.
    await expect(cart(stale).getByText("Your cart is empty")).toBeVisible({ timeout: 10_000 });
    await expect(cartLine(stale, `Tab Left${viewport.width}${run}`)).toHaveCount(0);
    // The payer's own tab reads it on its next focus.
    await payer.bringToFront();
    await payer.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(cart(payer).getByText("Your cart is empty")).toBeVisible();
    await context.close();
  });
}

test("without JavaScript, a tab left open on a paid cart is refused at checkout (390 px)", async ({ browser }) => {
  const { context, page: stale } = await newFamily(browser, phone, false);
  await stale.goto("/fees");
  await stale.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  await addEntry(stale, stale.locator("#register"), "Old", `Tab${run}`);
  await expect(cartLine(stale, `Old Tab${run}`)).toBeVisible();
  const payer = await context.newPage();
  await payer.goto("/fees");
  await payer.getByRole("textbox", { name: "Email" }).fill(`oldtab-${run}@example.com`);
  await payer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await payer.getByRole("link", { name: "Proceed to Payment" }).click();
  await payer.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(payer.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();

  // The old tab still shows the cart as it was; its checkout is refused and the page shows the cart as it is.
  await stale.getByRole("textbox", { name: "Email" }).fill(`oldtab-${run}@example.com`);
  await stale.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(stale.getByText("Please add items to your cart before checkout.").first()).toBeVisible();
  await context.close();
});
