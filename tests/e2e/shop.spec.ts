import type { Locator, Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test } from "./fixtures";

// Long flows (several dialogs, axe on each) on a shared two-core machine: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

const TOURNAMENT = "Citron Tournament Entry Fee";
// The e2e sheet's year (tests/support/events-sheet.ts).
const year = e2eEventsYear();
const JUDGE = "Judge Fee";
const ZIP = "District Quarter-Zip";

/**
 * Waits until React runs on /fees: the cart forms gain their `js` field then. (The page keeps the product
 * feed open, so the network never goes idle there.)
 */
async function waitForHydration(page: Page) {
  await startScripts(page);
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
}

const cart = (page: Page) => page.locator("#your-cart");
const cartLine = (page: Page, name: string) => cart(page).getByRole("listitem").filter({ hasText: name });

async function openRegistration(page: Page, product: string) {
  await page.getByRole("link", { name: `Add to Cart: ${product}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillTournament(scope: Locator | Page, student: string) {
  // A tournament entry asks the first and last name apart (decision 0046).
  await scope.getByRole("textbox", { name: "Student's first name" }).fill(student.split(" ").slice(0, -1).join(" "));
  await scope.getByRole("textbox", { name: "Student's last name" }).fill(student.split(" ").at(-1)!);
  await scope.getByRole("textbox", { name: "Student's school" }).fill("Riverside Yeshiva High School");
  await scope
    .getByRole("combobox", { name: "Tournament" })
    .selectOption({ label: `Winter Speech Tournament (Sun, Jan 10, ${year})` });
  await scope.getByRole("combobox", { name: "Competition event" }).selectOption({ label: "Original Oratory" });
}

test.describe("shop with JavaScript at 1280 px", () => {
  test("products, stock display and the empty cart pass axe", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveText([
      TOURNAMENT,
      JUDGE,
      "YLMC Student Entry Fee",
      "YLMUN Entry Fee",
      "YLMC School Registration Fee",
      ZIP,
      "Lectern Tote Bag",
      "Citron Team T-Shirt",
    ]);
    await expect(page.getByRole("article", { name: "Lectern Tote Bag" }).getByText("Only 3 left")).toBeVisible();
    await expect(page.getByRole("article", { name: "Citron Team T-Shirt" }).getByText("Out of stock")).toBeVisible();
    await expect(page.getByRole("button", { name: /Add to Cart: Citron Team T-Shirt/ })).toBeDisabled();
    await expect(page.getByRole("article", { name: JUDGE }).getByText("Unlimited Stock Available")).toBeVisible();
    await expect(page.getByText("Winter Beanie")).toHaveCount(0);
    await expect(cart(page).getByText("Your cart is empty")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("register a student, add a judge fee and apparel, change quantities, remove, reload", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);

    // The tournament dialog: docs/product.md's messages, the Validation Error notice, axe, Cancel resets.
    let dialog = await openRegistration(page, TOURNAMENT);
    await expect(dialog.getByRole("heading", { name: "Tournament Registration" })).toBeVisible();
    await dialog.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    // The first and last name each say it (decision 0046).
    await expect(dialog.getByText("Student name must be at least 2 characters")).toHaveCount(2);
    await expect(dialog.getByText("School name must be at least 2 characters")).toBeVisible();
    await expect(dialog.getByText("Please select a tournament from the schedule")).toBeVisible();
    await expect(dialog.getByText("Please select a competition event")).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Validation Error" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("textbox", { name: "Student's first name" }).fill("Avi");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    dialog = await openRegistration(page, TOURNAMENT);
    await expect(dialog.getByRole("textbox", { name: "Student's first name" })).toHaveValue("");
    await expect(dialog.getByText("Student name must be at least 2 characters")).toBeHidden();
    // Only future schedule events, ascending, as title and date.
    const options = await dialog.getByRole("combobox", { name: "Tournament" }).locator("option").allTextContents();
    expect(options[0]).toBe("Select a tournament");
    expect(options[1]).toBe(`Winter Speech Tournament (Sun, Jan 10, ${year})`);
    await fillTournament(dialog, "Avi Cohen");
    await dialog.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const line = cartLine(page, "Avi Cohen");
    await expect(line).toContainText(TOURNAMENT);
    await expect(line).toContainText("Riverside Yeshiva High School");
    await expect(line).toContainText("Winter Speech Tournament");
    await expect(line).toContainText("Original Oratory");

    // A second student is a second line.
    dialog = await openRegistration(page, TOURNAMENT);
    await fillTournament(dialog, "Dina Cohen");
    await dialog.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(cartLine(page, "Dina Cohen")).toBeVisible();

    // Judge fee: its own fields and messages.
    dialog = await openRegistration(page, JUDGE);
    await dialog.getByRole("button", { name: `Add to Cart: ${JUDGE}` }).click();
    await expect(dialog.getByText("Please select an event from the schedule")).toBeVisible();
    await expect(dialog.getByText("Contact information must be at least 3 characters")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("textbox", { name: "School name" }).fill("Riverside Yeshiva High School");
    await dialog.getByRole("combobox", { name: "Event" }).selectOption({ index: 1 });
    await dialog.getByRole("textbox", { name: /School contact/ }).fill("coach@example.org");
    await dialog.getByRole("button", { name: `Add to Cart: ${JUDGE}` }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(cartLine(page, "coach@example.org")).toContainText(JUDGE);

    // Apparel goes straight in.
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP)).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("$132.00");

    // Change a quantity; more than the stock left is refused. The total shows the new quantity at once (optimistic):
    // the server's answer is awaited before the next change, which would otherwise cancel this one in flight.
    await cartLine(page, ZIP).getByRole("spinbutton").fill("2");
    const saved = page.waitForResponse(
      (answer) => answer.request().method() === "POST" && new URL(answer.url()).pathname.startsWith("/fees"),
    );
    await cartLine(page, ZIP)
      .getByRole("button", { name: /Update quantity/ })
      .click();
    await expect(page.getByTestId("cart-total")).toHaveText("$174.00");
    expect((await saved).ok()).toBe(true);
    await cartLine(page, ZIP).getByRole("spinbutton").fill("30");
    await cartLine(page, ZIP)
      .getByRole("button", { name: /Update quantity/ })
      .click();
    // Earlier specs may have bought some (the payments flow): the refusal names what is left, whatever that is.
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: /Only ([3-9]|1\d|2[0-4]) of District Quarter-Zip left in stock\./ }),
    ).toBeVisible();
    await expect(cartLine(page, ZIP).getByRole("spinbutton")).toHaveValue("2");

    // A registration is one entry (docs/product.md#shop-and-cart): no quantity to change; the remove button removes it, "Item removed".
    await expect(cartLine(page, "Dina Cohen").getByRole("spinbutton")).toHaveCount(0);
    await expect(cartLine(page, "Dina Cohen").getByTestId("entry-quantity")).toHaveText("Quantity: 1");
    await cartLine(page, "Dina Cohen")
      .getByRole("button", { name: `Remove ${TOURNAMENT}` })
      .click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Item removed" })).toBeVisible();
    await expect(cartLine(page, "Dina Cohen")).toHaveCount(0);
    await cartLine(page, "coach@example.org")
      .getByRole("button", { name: `Remove ${JUDGE}` })
      .click();
    await expect(cartLine(page, "coach@example.org")).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText("$109.00");

    // The cart lives on the server: a reload finds it intact.
    await page.reload();
    await expect(cartLine(page, "Avi Cohen")).toBeVisible();
    await expect(cartLine(page, ZIP).getByRole("spinbutton")).toHaveValue("2");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$109.00");
  });

  test("each registration dialog has docs/product.md's fields and passes axe", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);
    const expected: [string, string[], string[]][] = [
      [
        "YLMC Student Entry Fee",
        ["Student name", "Student's school"],
        ["Student name must be at least 2 characters", "School name must be at least 2 characters"],
      ],
      ["YLMUN Entry Fee", ["Student name", "Student's school"], ["Student name must be at least 2 characters"]],
      [
        "YLMC School Registration Fee",
        ["School name", "Faculty advisor"],
        ["School name must be at least 2 characters", "Faculty advisor name must be at least 2 characters"],
      ],
    ];
    for (const [product, fields, messages] of expected) {
      const dialog = await openRegistration(page, product);
      for (const field of fields) await expect(dialog.getByRole("textbox", { name: field })).toBeVisible();
      await expect(dialog.getByRole("textbox")).toHaveCount(fields.length);
      await expect(dialog.getByRole("combobox")).toHaveCount(0);
      await dialog.getByRole("button", { name: `Add to Cart: ${product}` }).click();
      for (const message of messages) await expect(dialog.getByText(message)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });
    }
  });
});

test.describe("shop with JavaScript on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("register a student, the header badge counts, and leads to the cart from any page", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
    const dialog = await openRegistration(page, TOURNAMENT);
    const box = await dialog.boundingBox();
    expect(box && box.width <= phone.width && box.height <= phone.height).toBe(true);
    await fillTournament(dialog, "Avi Cohen");
    await dialog.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await page.getByRole("button", { name: "Add to Cart: Lectern Tote Bag" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await page.goto("/mission");
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await expect(page.locator('input[name="js"]')).toHaveCount(0);
    await page.getByRole("link", { name: /Shopping cart, 2 items/ }).click();
    await expect(page).toHaveURL(/\/fees#your-cart$/);
    await expect(cartLine(page, "Avi Cohen")).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("shop without JavaScript", () => {
  for (const viewport of [{ width: 1280, height: 800 }, phone]) {
    test(`every change is a form post that comes back to #your-cart (${viewport.width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await page.goto("/fees");

      // A registration opens its form in the page; docs/product.md's messages and the Validation Error notice.
      await page.getByRole("link", { name: `Add to Cart: ${TOURNAMENT}` }).click();
      await expect(page).toHaveURL(/register=.*#register$/);
      const form = page.locator("#register");
      await form.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
      await expect(form.getByRole("alert")).toContainText("Validation Error");
      await expect(form.getByRole("alert")).toContainText("Student name must be at least 2 characters");
      await expect(form.getByText("Please select a tournament from the schedule")).toBeVisible();
      await fillTournament(form, "Avi Cohen");
      await form.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
      await expect(page).toHaveURL(/\/fees#your-cart$/);
      await expect(cartLine(page, "Avi Cohen")).toContainText("Winter Speech Tournament");

      await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
      await expect(page).toHaveURL(/\/fees#your-cart$/);
      await expect(cartLine(page, ZIP)).toBeVisible();
      await cartLine(page, ZIP).getByRole("spinbutton").fill("3");
      await cartLine(page, ZIP)
        .getByRole("button", { name: /Update quantity/ })
        .click();
      await expect(cartLine(page, ZIP).getByRole("spinbutton")).toHaveValue("3");
      await expect(page.getByTestId("cart-total")).toHaveText("$151.00");
      // The header's count is in the page at both widths (shown below 1280 px): its text is checked at both.
      await expect(page.getByTestId("cart-count")).toHaveText("4");

      await cartLine(page, ZIP).getByRole("spinbutton").fill("0");
      await cartLine(page, ZIP)
        .getByRole("button", { name: /Update quantity/ })
        .click();
      await expect(page.getByRole("status").filter({ hasText: "Item removed" })).toBeVisible();
      await expect(cartLine(page, ZIP)).toHaveCount(0);
      await cartLine(page, "Avi Cohen")
        .getByRole("button", { name: `Remove ${TOURNAMENT}` })
        .click();
      await expect(cart(page).getByText("Your cart is empty")).toBeVisible();
      await context.close();
    });
  }
});

test.describe("live product updates", () => {
  // The page's side of the feed: this test plays the feed's messages (app/features/products/feed/feed.ts) to the page,
  // one per connection, and holds the page's revalidation requests, so what is seen comes from the messages
  // alone. The real feed, from Manage Products to open shop pages, is live-feed.spec.ts.
  test("an open page shows New Product Available, Product Updated and Product Removed", async ({ page }) => {
    await page.goto("/fees");
    await waitForHydration(page);
    const tote = await page.getByRole("article", { name: "Lectern Tote Bag" }).getAttribute("aria-labelledby");
    const toteId = tote!.replace(/^product-/, "").replace(/-name$/, "");
    const feedProduct = (id: string, name: string, displayOrder: number) => ({
      id,
      name,
      description: "Live from the feed.",
      price: 1900,
      imageUrl: null,
      category: "apparel",
      isActive: true,
      displayOrder,
      unlimitedStock: false,
      stockCount: 2,
    });
    const newId = "11111111-1111-4111-8111-111111111111";
    const messages = [
      { op: "update", id: toteId, product: feedProduct(toteId, "Lectern Tote Bag, Navy", 7) },
      { op: "insert", id: newId, product: feedProduct(newId, "Citron Water Bottle", 9) },
      { op: "delete", id: newId, product: null },
    ];
    let served = 0;
    await page.route("**/fees.data*", () => {
      /* held: the stand-in feed changed nothing on the server */
    });
    await page.route("**/products/feed", async (route) => {
      const message = messages[served++];
      if (!message) return;
      await route.fulfill({
        status: 200,
        headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" },
        body: `retry: 200\nevent: ready\ndata: {}\n\nevent: product\ndata: ${JSON.stringify(message)}\n\n`,
      });
    });
    // Reconnect the page's EventSource to the stand-in (it opened before the route existed).
    await page.goto("/fees");
    await waitForHydration(page);
    const toast = page.locator("[data-sonner-toast]");
    await expect(page.getByRole("heading", { level: 3, name: "Lectern Tote Bag, Navy" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Lectern Tote Bag, Navy" }).getByText("$19.00")).toBeVisible();
    await expect(
      toast
        .filter({ hasText: "Product Updated" })
        .or(toast.filter({ hasText: "New Product Available" }))
        .or(toast.filter({ hasText: "Product Removed" }))
        .first(),
    ).toBeVisible();
    await expect.poll(() => served, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await expect(toast.filter({ hasText: "Product Removed" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Citron Water Bottle" })).toHaveCount(0);
  });
});
