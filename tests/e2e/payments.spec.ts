import type { Page } from "@playwright/test";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, startScripts, test } from "./fixtures";

// Whole purchases on a shared 2-core machine: more time than a single-page check.
test.describe.configure({ timeout: 120_000 });

const TOURNAMENT = "Citron Tournament Entry Fee";
const ZIP = "District Quarter-Zip";

const cart = (page: Page) => page.locator("#your-cart");
const cartLine = (page: Page, name: string) => cart(page).getByRole("listitem").filter({ hasText: name });

/** React runs on /fees once the cart forms gain their `js` field (the product feed keeps the network busy). */
async function waitForShop(page: Page) {
  await startScripts(page);
  await expect(page.locator('input[name="js"]').first()).toBeAttached();
}

async function addStudent(page: Page, student: string) {
  await page.getByRole("link", { name: `Add to Cart: ${TOURNAMENT}` }).click();
  const dialog = page.getByRole("dialog");
  // A tournament entry asks the first and last name apart (decision 0046).
  await dialog.getByRole("textbox", { name: "Student's first name" }).fill(student.split(" ").slice(0, -1).join(" "));
  await dialog.getByRole("textbox", { name: "Student's last name" }).fill(student.split(" ").at(-1)!);
  await dialog.getByRole("textbox", { name: "Student's school" }).fill("Riverside Yeshiva High School");
  await dialog.getByRole("combobox", { name: "Tournament" }).selectOption({ index: 1 });
  await dialog.getByRole("combobox", { name: "Competition event" }).selectOption({ label: "Original Oratory" });
  await dialog.getByRole("button", { name: `Add to Cart: ${TOURNAMENT}` }).click();
  await expect(dialog).toBeHidden();
  await expect(cartLine(page, student)).toBeVisible();
}

/** Proceed to Checkout, the Complete Your Payment dialog, and Proceed to Payment in a new tab. */
async function openSandbox(page: Page, email: string, total: string) {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(total).last()).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [sandbox] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("link", { name: /Proceed to Payment/ }).click(),
  ]);
  await sandbox.waitForLoadState();
  await expect(sandbox.getByText(/TEST MODE/)).toBeVisible();
  return sandbox;
}

test.describe("checkout with the sandbox at 1280 px", () => {
  test("cart to sandbox payment to Payment Successful!, the order in /orders and the receipt written", async ({
    page,
  }) => {
    const student = `Pay Student ${Date.now()}`;
    const email = `buyer-${Date.now()}@example.com`;
    await page.goto("/fees");
    await waitForShop(page);
    await addStudent(page, student);
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP)).toBeVisible();
    const total = (await page.getByTestId("cart-total").textContent())!.trim();

    const sandbox = await openSandbox(page, email, total);
    await expect(sandbox.getByText(student)).toBeVisible();
    await expectNoSeriousA11yViolations(sandbox);
    await sandbox.getByRole("button", { name: `Pay ${total}` }).click();
    await expect(sandbox.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    // The sandbox says plainly that it was a test (decision 0024).
    await expect(sandbox.getByRole("note").filter({ hasText: "No payment was taken" })).toBeVisible();
    await expect(sandbox.getByText(student)).toBeVisible();
    await expect(sandbox.getByRole("link", { name: "Back to Shopping" })).toHaveAttribute("href", "/fees");
    await expect(sandbox.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expectNoSeriousA11yViolations(sandbox);
    // Reloading changes nothing.
    await sandbox.reload();
    await expect(sandbox.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();

    const receipt = await waitForEmail(email);
    expect(receipt).toContain(student);
    expect(receipt).toContain(`Total paid: ${total}`);
    expect(receipt).toContain("not tax-deductible");
    expect(receipt).toContain("No payment was taken");

    await page.goto("/fees");
    await expect(cart(page).getByText("Your cart is empty")).toBeVisible();

    await signIn(page, "admin");
    await expect(page.getByRole("table", { name: "Completed orders" }).getByText(student)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: student }).first()).toContainText("Test (sandbox)");
  });
});

test.describe("checkout on a phone (390 px)", () => {
  test.use({ viewport: phone });

  test("Decline leads back to the cart, which is intact", async ({ page }) => {
    await page.goto("/fees");
    await waitForShop(page);
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP)).toBeVisible();
    const total = (await page.getByTestId("cart-total").textContent())!.trim();
    const sandbox = await openSandbox(page, `decline-${Date.now()}@example.com`, total);
    await expectNoSeriousA11yViolations(sandbox);
    await sandbox.getByRole("button", { name: "Decline" }).click();
    await expect(sandbox).toHaveURL(/\/fees#your-cart$/);
    await expect(sandbox.getByText("Payment declined")).toBeVisible();
    await expect(cartLine(sandbox, ZIP)).toBeVisible();
  });

  test("the result page without a session id", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Verification Failed" })).toBeVisible();
    await expect(page.getByText("No session ID found in URL")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("button", { name: "Refresh Page" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Proceed to Checkout shows the summary page with a plain Proceed to Payment link", async ({ page }) => {
    await page.goto("/fees");
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP)).toBeVisible();
    const email = `nojs-${Date.now()}@example.com`;
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Payment" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("link", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  });
});

test.describe("a buyer who comes back from the payment page (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("finds their cart still buyable and the same payment page, and Decline gives the stock back", async ({
    page,
  }) => {
    const TOTE = "Lectern Tote Bag";
    const toteCard = page.getByRole("article", { name: TOTE });
    await page.goto("/fees");
    const before = (await toteCard.getByText(/^Only \d+ left$/).textContent())!;
    await page.getByRole("button", { name: `Add to Cart: ${TOTE}` }).click();
    await expect(cartLine(page, TOTE)).toBeVisible();
    await page.getByRole("button", { name: `Add to Cart: ${TOTE}` }).click();
    await expect(cartLine(page, TOTE).getByRole("spinbutton")).toHaveValue("2");
    const total = (await page.getByTestId("cart-total").textContent())!.trim();
    await page.getByRole("textbox", { name: "Email" }).fill(`again-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const payment = await page.getByRole("link", { name: "Proceed to Payment" }).getAttribute("href");

    // Back to the cart, as from the payment page's Cancel: the two totes held for this buyer are still theirs.
    await page.getByRole("link", { name: "Back to your cart" }).click();
    await expect(cartLine(page, TOTE)).toBeVisible();
    await expect(cartLine(page, TOTE).getByText(/sold out/i)).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText(total);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Complete Your Payment" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Proceed to Payment" })).toHaveAttribute("href", payment!);

    await page.getByRole("link", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/fees#your-cart$/);
    await expect(toteCard.getByText(before)).toBeVisible();
  });
});

test.describe("checkout's notices on a phone (390 px)", () => {
  test.use({ viewport: phone });

  test("an empty cart is named before a missing email, then the email is asked for", async ({ page }) => {
    await page.goto("/fees");
    await waitForShop(page);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await summary.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(summary.getByText("Empty Cart")).toBeVisible();
    await expect(summary.getByText("Please add items to your cart before checkout.")).toBeVisible();
    await page.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    await expect(cartLine(page, ZIP)).toBeVisible();
    await summary.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(summary.getByText("Email Required")).toBeVisible();
    await expect(summary.getByText("Please enter your email address to continue.")).toBeVisible();
    await expect(summary.getByText("Empty Cart")).toHaveCount(0);
  });
});
