import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

// Manage Products (issue 10): add with an image, edit, toggle, delete, reorder.

const rows = (page: Page) => page.getByTestId("product-row");
const rowOf = (page: Page, name: string): Locator => rows(page).filter({ hasText: name });
const namesInTable = (page: Page) => rows(page).getByTestId("product-name").allTextContents();

// Axe on a busy machine takes a while.
test.describe.configure({ timeout: 120_000 });

async function openProducts(page: Page) {
  await signIn(page, "admin", "/admin/products");
  await waitForHydration(page);
  await expect(page.getByTestId("product-name").first()).toBeAttached();
}

test("a signed-in user without the admin role sees Access Denied", async ({ page }) => {
  await signIn(page, "user", "/orders");
  await page.goto("/admin/products");
  await expect(page.getByText("You don't have permission to manage the product catalog. Admin access is required.")).toBeVisible();
});

test("an admin adds a product with an uploaded image, edits, hides and deletes it (1280 px)", async ({ page }) => {
  await openProducts(page);
  await expect(page.getByRole("heading", { name: "Manage Products" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill("  Debate Flow Notebook  ");
  await dialog.getByLabel("Description").fill("Grid paper for flowing rounds.");
  await dialog.getByLabel("Price (USD)").fill("12.99");
  await dialog.getByLabel("Unlimited stock").uncheck();
  await dialog.getByLabel("Stock count").fill("4");
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1d3b6f" } }).jpeg().toBuffer();
  await dialog.getByLabel("Image", { exact: true }).setInputFiles({ name: "notebook.jpg", mimeType: "image/jpeg", buffer: picture });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add Product" }).click();

  await expect(page.getByText("Product created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, "Debate Flow Notebook");
  await expect(row).toContainText("$12.99");
  await expect(row).toContainText("4 left");
  await expect(row.locator("img")).toHaveAttribute("src", /^\/product-images\/[a-f0-9]{32}-640\.webp$/);
  const src = await row.locator("img").getAttribute("src");
  const image = await page.request.get(src!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // Edit: the dialog opens with the product's values.
  await row.getByRole("link", { name: "Edit Debate Flow Notebook" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Price (USD)")).toHaveValue("12.99");
  await edit.getByLabel("Price (USD)").fill("-3");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  // The browser's own min=0 check stops it first; with a valid value it saves.
  await edit.getByLabel("Price (USD)").fill("14.5");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(rowOf(page, "Debate Flow Notebook")).toContainText("$14.50");

  // Toggle: Active <-> Inactive.
  await rowOf(page, "Debate Flow Notebook").getByRole("button", { name: "Deactivate Debate Flow Notebook" }).click();
  await expect(page.getByText("Product deactivated successfully")).toBeVisible();
  await expect(rowOf(page, "Debate Flow Notebook")).toContainText("Inactive");

  // Delete asks first, and says it cannot be undone.
  await rowOf(page, "Debate Flow Notebook").getByRole("link", { name: "Delete Debate Flow Notebook" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible();
  await expect(rowOf(page, "Debate Flow Notebook")).toHaveCount(0);
});

test("a file that is not an image is refused in the dialog with SPEC's message", async ({ page }) => {
  await openProducts(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Image", { exact: true }).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByText("Invalid file type: Please upload an image file (jpg, png, gif, etc.)")).toBeVisible();
});

// The pick-up announcement must survive: dnd-kit's onDragOver fires at once after onDragStart.
test("keyboard reorder by the drag handle persists after a reload", async ({ page }) => {
  await openProducts(page);
  const before = await namesInTable(page);
  const second = before[1]!;
  await page.getByRole("button", { name: `Reorder ${second}` }).last().focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`Picked up ${second}, position 2`)).toBeAttached();
  // The keyboard sensor listens a moment after the pick-up: on a loaded machine a first ArrowUp can come too soon.
  await expect(async () => {
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText(`${second} moved to position 1`)).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press("Space");
  await expect(page.getByText("Product order updated successfully")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(rows(page).first()).toBeAttached();
  expect(await namesInTable(page)).toEqual([second, before[0], ...before.slice(2)]);

  // Put it back with Move down.
  await rowOf(page, second).first().getByRole("button", { name: `Move ${second} down` }).click();
  await expect(page.getByText("Product order updated successfully")).toBeVisible();
  await expect.poll(() => namesInTable(page)).toEqual(before);
});

test("Move up and Move down work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth?redirectTo=%2Fadmin%2Fproducts");
  await page.getByLabel("Email").fill("director@example.org");
  await page.getByLabel("Password", { exact: true }).fill("Lectern@Citrus42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(rows(page).first()).toBeAttached();
  const before = await namesInTable(page);
  await rowOf(page, before[0]!).getByRole("button", { name: `Move ${before[0]} down` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product order updated successfully" })).toBeVisible();
  await expect.poll(async () => (await namesInTable(page)).slice(0, 2)).toEqual([before[1], before[0]]);
  await rowOf(page, before[0]!).getByRole("button", { name: `Move ${before[0]} up` }).click();
  await expect.poll(() => namesInTable(page)).toEqual(before);
  await context.close();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("products are cards; add and toggle work; no serious axe violations", async ({ page }) => {
    await openProducts(page);
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    await expect(rows(page).first()).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Name").fill("Phone Pin");
    await dialog.getByLabel("Price (USD)").fill("3");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Product created successfully")).toBeVisible();
    const card = cards.filter({ hasText: "Phone Pin" });
    await expect(card).toContainText("Unlimited Stock Available");
    await card.getByRole("button", { name: "Deactivate Phone Pin" }).click();
    await expect(card).toContainText("Inactive");
  });
});
