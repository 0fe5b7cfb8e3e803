import { signIn } from "./auth-helpers";
import { expect, phone, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const ZIP = "District Quarter-Zip";

// Decision 0028: staff see stock held by unpaid checkouts and release it from Manage Products.
test.describe("stock on hold, on a 390 px phone without JavaScript", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("a buyer's hold shows on Manage Products and Release puts the stock back", async ({ browser, page }) => {
    // A buyer proceeds to checkout with one quarter-zip and leaves the payment page open.
    const buyer = await browser.newContext({ javaScriptEnabled: false });
    const shop = await buyer.newPage();
    await shop.goto("/fees");
    const card = shop.getByRole("article", { name: ZIP });
    const before = Number(/(\d+) in stock/.exec((await card.textContent()) ?? "")?.[1]);
    await shop.getByRole("button", { name: `Add to Cart: ${ZIP}` }).click();
    const email = `holder-${Date.now()}@example.com`;
    await shop.getByRole("textbox", { name: "Email" }).fill(email);
    await shop.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(shop.getByRole("link", { name: /Proceed to Payment/ })).toBeVisible();
    await shop.goto("/fees");
    await expect(shop.getByRole("article", { name: ZIP }).getByText(`${before - 1} in stock`)).toBeVisible();

    await signIn(page, "admin", "/admin/products");
    const holds = page.getByRole("region", { name: "Stock on hold" });
    const release = holds.getByRole("button", { name: `Release hold: 1 ${ZIP} for ${email}` });
    await expect(release).toBeVisible();
    // Reachable on a phone without scrolling the table sideways.
    const box = (await release.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await release.click();
    await expect(page.getByText("Hold released: the stock is back in the shop")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Stock on hold" }).getByRole("button", { name: new RegExp(email) }),
    ).toHaveCount(0);
    await shop.goto("/fees");
    await expect(shop.getByRole("article", { name: ZIP }).getByText(`${before} in stock`)).toBeVisible();
    await buyer.close();
  });
});
