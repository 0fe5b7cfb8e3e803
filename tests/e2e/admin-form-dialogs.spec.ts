import type { Locator, Page } from "@playwright/test";
import { signIn } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

// The admin forms open the one way (decision 0032). With JavaScript a link sets its parameter and the
// dialog opens in place, giving focus back to the link when it closes; without it the same link opens the form
// as a section of the page, and its submit works; a refusal from the server sits at its field.

test.describe.configure({ timeout: 120_000 });

const productRow = (page: Page, name: string) => page.getByTestId("product-row").filter({ hasText: name });
const userRow = (page: Page, email: string) => page.getByTestId("user-row").filter({ hasText: email });

/** A document load forgets this mark; an in-place dialog keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** The field is marked invalid and points at its message (aria-describedby). */
async function expectMessageAtField(scope: Locator, label: string, message: string | RegExp) {
  const input = scope.getByLabel(label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const ids = describedBy.split(" ").filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  await expect(scope.locator(`[id="${ids[0]}"]`)).toHaveText(message);
}

async function openProducts(page: Page) {
  await signIn(page, "admin", "/admin/products");
  await waitForHydration(page);
  await expect(page.getByTestId("product-name").first()).toBeAttached();
}

test.describe("with JavaScript", () => {
  test("Add, Edit and Delete Product open in place, give focus back, and a stale stock refusal sits at its field", async ({
    page,
  }) => {
    const name = "Dialog Test Pennant";
    await openProducts(page);
    await markDocument(page);

    // Add: opened in place by ?new=1; Escape closes it and focus goes back to its link.
    const add = page.getByRole("link", { name: "Add Product" });
    await add.click();
    const addDialog = page.getByRole("dialog", { name: "Add Product" });
    await expect(addDialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\?new=1$/);
    await page.keyboard.press("Escape");
    await expect(addDialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(add).toBeFocused();

    await add.click();
    await addDialog.getByLabel("Name").fill(name);
    await addDialog.getByLabel("Price (USD)").fill("6");
    await addDialog.getByLabel("Unlimited stock").uncheck();
    await addDialog.getByLabel("Stock count").fill("3");
    await addDialog.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Product created successfully")).toBeVisible();
    await expect(addDialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(productRow(page, name)).toContainText("3 left");

    // Edit: ?edit=<id>; the stock changes meanwhile, and the server's refusal is at Stock count.
    const editLink = productRow(page, name).getByRole("link", { name: `Edit ${name}` });
    await editLink.click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByLabel("Stock count")).toHaveValue("3");
    await expect(page).toHaveURL(/\?edit=[0-9a-f-]{36}$/);
    const id = await edit.locator('input[name="id"]').inputValue();
    const origin = new URL(page.url()).origin;
    const other = await page.request.post("/admin/products", {
      headers: { Origin: origin },
      form: { intent: "update", id, name, price: "6", stockCount: "8", stockLoaded: "3" },
    });
    expect(other.status()).toBe(200);
    await edit.getByLabel("Stock count").fill("4");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectMessageAtField(edit, "Stock count", /Stock changed while you were editing .*: 8 available now/);
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await expect(editLink).toBeFocused();

    // Delete: the confirmation flavour; Cancel gives focus back, Delete deletes.
    const deleteLink = productRow(page, name).getByRole("link", { name: `Delete ${name}`, exact: true });
    await deleteLink.click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(confirm).toContainText("cannot be undone");
    await expect(page).toHaveURL(/\?delete=[0-9a-f-]{36}$/);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteLink).toBeFocused();
    await deleteLink.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Product deleted successfully")).toBeVisible();
    await expect(productRow(page, name)).toHaveCount(0);
    await expectSameDocument(page);
  });

  test("Add New User, a role, Delete and the test email work in place, and dialogs give focus back", async ({
    page,
  }) => {
    const email = "dialog.e2e@example.org";
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    await markDocument(page);

    const add = page.getByRole("link", { name: "Add New User" });
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users\?new=1$/);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Please fill in all required fields.");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("Dialog!Judge26");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("User created successfully with user role.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users$/);

    const row = userRow(page, email);
    await row.getByRole("combobox", { name: `Role for ${email}` }).selectOption("admin");
    await row.getByRole("button", { name: `Save role for ${email}` }).click();
    await expect(page.getByText("User role updated to admin")).toBeVisible();

    const deleteLink = row.getByRole("link", { name: `Delete ${email}` });
    await deleteLink.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete user?" });
    await expect(confirm).toContainText("Its orders and donations stay.");
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(deleteLink).toBeFocused();
    await deleteLink.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("User Role Removed")).toBeVisible();
    await expect(row).toContainText("No access");

    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByText("Test Email Sent")).toBeVisible();
    await expectSameDocument(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Manage Products' links open page sections whose forms work, with the server's messages at their fields", async ({
    page,
  }) => {
    const name = "No Script Pennant";
    await signIn(page, "admin", "/admin/products");

    await page.getByRole("link", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?new=1$/);
    const add = page.getByRole("region", { name: "Add Product" });
    // Only spaces: the browser lets it through, the server refuses it at the field.
    await add.getByLabel("Name").fill("   ");
    await add.getByLabel("Price (USD)").fill("5");
    await add.getByRole("button", { name: "Add Product" }).click();
    await expectMessageAtField(add, "Name", "Name is required");
    await add.getByLabel("Name").fill(name);
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product created successfully" })).toBeVisible();
    await expect(add).toHaveCount(0);

    const row = productRow(page, name);
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\?edit=[0-9a-f-]{36}$/);
    const edit = page.getByRole("region", { name: "Edit Product" });
    await edit.getByLabel("Price (USD)").fill("7.25");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product updated successfully" })).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText("$7.25");

    await row.getByRole("link", { name: `Delete ${name}`, exact: true }).click();
    await expect(page).toHaveURL(/\?delete=[0-9a-f-]{36}$/);
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product deleted successfully" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(row).toHaveCount(0);
  });

  test("User Management's links open page sections whose forms work", async ({ page }) => {
    const email = "section.e2e@example.org";
    await signIn(page, "admin", "/admin/users");

    await page.getByRole("link", { name: "Add New User" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?new=1$/);
    const add = page.getByRole("region", { name: "Add New User" });
    await add.getByLabel("Email").fill(email);
    await add.getByLabel("Password").fill("Section!Coach26");
    await add.getByRole("button", { name: "Create User" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "User created successfully with user role." }),
    ).toBeVisible();
    await expect(add).toHaveCount(0);

    const row = userRow(page, email);
    await row.getByRole("combobox", { name: `Role for ${email}` }).selectOption("admin");
    await row.getByRole("button", { name: `Save role for ${email}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "User role updated to admin" })).toBeVisible();

    await row.getByRole("link", { name: `Delete ${email}` }).click();
    await expect(page).toHaveURL(/\?delete=/);
    await page.getByRole("alertdialog", { name: "Delete user?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(row).toContainText("No access");

    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test Email Sent" }).first()).toBeVisible();
  });
});
