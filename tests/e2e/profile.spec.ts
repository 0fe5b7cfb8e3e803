import { e2eAccounts, signIn } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.describe("Profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("changing one's own password keeps the person signed in and says so", async ({ page }) => {
    const { password } = e2eAccounts.user;
    const change = async (current: string, next: string) => {
      await page.getByLabel("Current Password").fill(current);
      await page.getByLabel("New Password", { exact: true }).fill(next);
      await page.getByLabel("Confirm New Password").fill(next);
      await page.getByRole("button", { name: "Update Password" }).click();
      await expect(page).toHaveURL(/\/admin\/profile$/);
      await expect(page.getByRole("status").filter({ hasText: "Password Updated Successfully" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
      await expect(page.getByLabel("Current Password")).toHaveValue("");
    };
    await signIn(page, "user", "/admin/profile");
    await change(password, "Interim!Lime2026");
    // Still signed in: another page of the admin area opens without asking again; then the old password comes back.
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/orders$/);
    await page.goto("/admin/profile");
    await change("Interim!Lime2026", password);
  });
});
