import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

/**
 * Decision 0024 in a real browser: admins find Payments needing attention
 * in the sidebar (empty on the sandbox, which takes no money); users do not,
 * and cannot open it. The list with rows is covered by
 * tests/integration/payments/attention.test.ts.
 */
test("admins find Payments in the sidebar with its empty state; users do not, and cannot open it", async ({ page }) => {
  test.slow();
  await signIn(page, "admin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payments needing attention" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("No payments need attention")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, "user");
  await expect(
    page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Payments" }),
  ).toHaveCount(0);
  await page.goto("/admin/payments");
  await expect(page.getByText("You must be an admin to view this page.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the Payments page fits the screen", async ({ page }) => {
    await signIn(page, "admin", "/admin/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Payments needing attention" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
