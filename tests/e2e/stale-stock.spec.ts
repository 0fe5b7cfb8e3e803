import { signIn } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

// Decision 0025: an edit dialog opened before the stock changed cannot write its old figure back.
test("a stale stock count is refused in the edit dialog with the figure available now, and applies once saved again", async ({
  page,
}) => {
  const name = "Stale Stock Scarf";
  await signIn(page, "admin", "/admin/products");
  await waitForHydration(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/admin/products", {
    headers: { Origin: origin },
    form: { intent: "create", name, price: "9", stockCount: "3" },
  });
  expect(created.status()).toBe(200);
  await page.reload();
  await waitForHydration(page);
  const row = page.getByTestId("product-row").filter({ hasText: name });
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Stock count")).toHaveValue("3");

  // Meanwhile another admin (or a checkout's hold) changes the stock to 5.
  const id = await edit.locator('input[name="id"]').inputValue();
  const other = await page.request.post("/admin/products", {
    headers: { Origin: origin },
    form: { intent: "update", id, name, price: "9", stockCount: "5", stockLoaded: "3" },
  });
  expect(other.status()).toBe(200);

  await edit.getByLabel("Stock count").fill("10");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText(/Stock changed while you were editing .*: 5 available now/)).toBeVisible();
  await expect(edit.getByLabel("Stock count")).toHaveValue("10");
  // Saving again is a deliberate choice on the current figure, and goes through.
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(row).toContainText("10 in stock");

  // Gone again, so the shop's specs see the catalogue as seeded.
  await row.getByRole("link", { name: `Delete ${name}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
