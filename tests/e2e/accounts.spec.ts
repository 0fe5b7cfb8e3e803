import type { Page } from "@playwright/test";
import { e2eAccounts, signIn, signInThroughForm, waitForEmail } from "./auth-helpers";
import { afterNextFrame, expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

// Sign-in, password reset, roles, the admin shell and User Management (decision 0006).

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin Panel" });

test.describe("signing in and out", () => {
  test("a signed-out visitor is sent to /auth and comes back after signing in", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fusers$/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await page.getByLabel("Email").fill(e2eAccounts.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAccounts.admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByText("Admin Dashboard")).toBeVisible();

    // The public navigation shows Admin Panel and Sign Out while signed in.
    await page.goto("/mission");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Admin Panel" })).toBeVisible();
    // A signed-in visitor of /auth goes on to /orders.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/orders$/);
    await page.goto("/mission");
    await banner.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Forders$/);
  });

  test("a wrong password shows Account Not Found; /masterdebater is the same screen", async ({ page }) => {
    await page.goto("/masterdebater");
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await page.getByLabel("Email").fill(e2eAccounts.user.email);
    await page.getByLabel("Password", { exact: true }).fill("Not#TheRight1");
    await page.getByRole("button", { name: "Sign In" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Account Not Found");
    await expect(alert).toContainText(
      "This account doesn't exist yet. Please sign up first or check your credentials.",
    );
    await expect(page).toHaveURL(/\/masterdebater$/);
    await expectNoSeriousA11yViolations(page);
  });

  test("signing in works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(e2eAccounts.user.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAccounts.user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText("Admin Dashboard")).toBeVisible();
    await context.close();
  });
});

test.describe("the admin shell by role", () => {
  test("a user sees six links (Site content: decision 0039; Tournaments: decision 0040) and is refused admin pages with docs/product.md's text", async ({
    page,
  }) => {
    await signIn(page, "user");
    await expect(sidebar(page).getByRole("link")).toHaveText([
      "Profile",
      "View Orders",
      "View Donations",
      "View Contacts",
      "Site content",
      "Tournaments",
    ]);
    const users = await page.goto("/admin/users");
    expect(users?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You must be an admin to view this page.")).toBeVisible();
    await page.goto("/admin/products");
    await expect(
      page.getByText("You don't have permission to manage the product catalog. Admin access is required."),
    ).toBeVisible();
    // The sidebar stays, so the user can go on.
    await sidebar(page).getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
    await expect(page.getByText(e2eAccounts.user.email, { exact: true }).first()).toBeVisible();
    await expect(page.locator("dd").getByText("user", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("an admin sees twelve links; Ctrl+B collapses the sidebar and a cookie keeps it for 7 days", async ({
    page,
    context,
  }) => {
    await signIn(page, "admin");
    await waitForHydration(page);
    await expect(sidebar(page).getByRole("link")).toHaveText([
      "Profile",
      "View Orders",
      "View Donations",
      "View Contacts",
      "Site content",
      "Tournaments",
      "Users",
      "Manage Products",
      "Campaigns",
      "Mail Delivery",
      "Payments",
      "Finance",
    ]);
    const aside = page.locator("#admin-sidebar");
    await expect(aside).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Control+b");
    await expect(aside).toHaveAttribute("data-state", "collapsed");
    const cookie = (await context.cookies()).find((item) => item.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await page.reload();
    await expect(aside).toHaveAttribute("data-state", "collapsed");
    await waitForHydration(page);
    await page.keyboard.press("Meta+b");
    await expect(aside).toHaveAttribute("data-state", "expanded");

    // Sign Out in the sidebar returns to the home page.
    await sidebar(page).locator("..").getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: phone });

    test("the sidebar is a sheet that closes when a page is chosen", async ({ page }) => {
      await signIn(page, "admin");
      await waitForHydration(page);
      await expect(page.locator("#admin-sidebar")).toBeHidden();
      await page.getByRole("button", { name: "Open Admin Panel" }).click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByRole("link")).toHaveCount(12);
      await sheet.getByRole("link", { name: "Users" }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(sheet).toBeHidden();
      await expect(
        page
          .getByTestId("user-card")
          .filter({ hasText: "coach@example.org" })
          .getByRole("button", { name: /Reset Password/ }),
      ).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
});

test.describe.serial("User Management", () => {
  const judge = "judge.e2e@example.org";
  const resetUser = "reset.e2e@example.org";

  async function addUser(page: Page, email: string, password: string, role: "user" | "admin" = "user") {
    await page.getByRole("link", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByLabel("Role").selectOption(role);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText(`User created successfully with ${role} role.`)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  test("Add New User checks the fields and the password policy", async ({ page }) => {
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add New User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog.getByLabel("Role")).toHaveValue("user");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Please fill in all required fields.");
    await dialog.getByLabel("Email").fill(judge);
    await dialog.getByLabel("Password").fill("citron");
    // The policy's messages appear while typing.
    await expect(dialog.getByText("Password must be at least 8 characters long.")).toBeVisible();
    await expect(
      dialog.getByText("Password contains common patterns. Please choose a more secure password."),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Password must be at least 8 characters long.");
    await page.keyboard.press("Escape");

    await addUser(page, judge, "Gavel!Judge77");
    await addUser(page, resetUser, "Podium!Reset42");
    const row = page.getByTestId("user-row").filter({ hasText: judge });
    await expect(row).toContainText("Never");
    await expect(row.getByRole("combobox")).toHaveValue("user");
    await expectNoSeriousA11yViolations(page);
  });

  test("arrow keys on a role select only look through the options; Save role changes the role", async ({ page }) => {
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const row = page.getByTestId("user-row").filter({ hasText: judge });
    const select = row.getByRole("combobox", { name: `Role for ${judge}` });
    const save = row.getByRole("button", { name: `Save role for ${judge}` });
    await expect(select).toHaveValue("user");
    await expect(save).toBeDisabled();

    // A keyboard user looks at the choices: nothing is sent, the role stays.
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await expect(select).toHaveValue("admin");
    await expect(save).toBeEnabled();
    await page.keyboard.press("ArrowUp");
    await expect(select).toHaveValue("user");
    await expect(save).toBeDisabled();
    await page.keyboard.press("ArrowDown");
    await expect(save).toBeEnabled();
    await afterNextFrame(page);
    expect(posts).toEqual([]);
    await expect(page.getByText("User role updated to admin")).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await expect(select).toHaveValue("user");

    // The change is made on purpose: choose, Tab to Save role, Enter. Focus comes back to the select.
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("User role updated to admin")).toBeVisible();
    await expect(select).toHaveValue("admin");
    await expect(save).toBeDisabled();
    await expect(select).toBeFocused();
    await page.reload();
    await expect(select).toHaveValue("admin");

    // And back, so the next test starts from a plain user.
    await waitForHydration(page);
    await select.selectOption("user");
    await save.click();
    await expect(page.getByText("User role updated to user")).toBeVisible();
    await expect(select).toHaveValue("user");
  });

  test("an admin changes a role and deletes a user after confirming", async ({ page }) => {
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    const row = page.getByTestId("user-row").filter({ hasText: judge });
    await row.getByRole("combobox").selectOption("admin");
    await row.getByRole("button", { name: `Save role for ${judge}` }).click();
    await expect(page.getByText("User role updated to admin")).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("admin");

    await row.getByRole("link", { name: `Delete ${judge}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("removes the role");
    await expect(confirm).toContainText(
      "Its orders and donations stay. An admin can give it a role again from this list.",
    );
    await expect(confirm).not.toContainText("cannot be undone");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await row.getByRole("link", { name: `Delete ${judge}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("User Role Removed")).toBeVisible();
    await expect(row).toContainText("No access");

    // The protected admin cannot be deleted or demoted.
    const director = page.getByTestId("user-row").filter({ hasText: e2eAccounts.admin.email });
    await expect(director.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(director).toContainText("This user cannot be deleted.");
    await expect(director.getByRole("combobox")).toBeDisabled();
  });

  test("adding and deleting work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, "admin", "/admin/users");
    await page.getByRole("link", { name: "Add New User" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?new=1$/);
    const form = page.getByRole("form", { name: "Add New User" });
    await form.getByLabel("Email").fill("nojs.e2e@example.org");
    await form.getByLabel("Password").fill("Quiet!Form2026");
    await form.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByRole("status")).toContainText("User created successfully with user role.");
    // A successful create closes the form, as the dialog does.
    await expect(form).toHaveCount(0);
    const row = page.getByTestId("user-row").filter({ hasText: "nojs.e2e@example.org" });

    // A role changes with its Save button.
    await row.getByRole("combobox", { name: "Role for nojs.e2e@example.org" }).selectOption("admin");
    await row.getByRole("button", { name: "Save role for nojs.e2e@example.org" }).click();
    await expect(page.getByRole("status")).toContainText("User role updated to admin");
    await expect(row.getByRole("combobox")).toHaveValue("admin");

    await row.getByRole("link", { name: "Delete nojs.e2e@example.org" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?delete=/);
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Its orders and donations stay.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    // Back on the list: the confirmation is gone, and stays gone after other actions.
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("status").filter({ hasText: "User Role Removed" }).first()).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row).toContainText("No access");
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test Email Sent" }).first()).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await context.close();
  });

  test("without JavaScript, Add New User shows each refusal once, in the form, and keeps the email", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await signIn(page, "admin", "/admin/users?new=1");
    const form = page.getByRole("form", { name: "Add New User" });
    const refusals = [
      { email: "", password: "", role: "user", message: "Please fill in all required fields." },
      {
        email: "not-an-email",
        password: "Gavel!Judge77",
        role: "admin",
        message: "Please enter a valid email address.",
      },
      {
        email: "weak.e2e@example.org",
        password: "password1",
        role: "user",
        message: "Password must contain at least one uppercase letter.",
      },
      {
        email: e2eAccounts.user.email,
        password: "Gavel!Judge77",
        role: "user",
        message: "A user with this email already exists.",
      },
    ];
    for (const { email, password, role, message } of refusals) {
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password").fill(password);
      await form.getByLabel("Role").selectOption(role);
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === "POST"),
        form.getByRole("button", { name: "Create User" }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(form.getByRole("alert")).toContainText(message);
      await expect(page.getByText(message, { exact: true })).toHaveCount(1);
      await expect(page.getByRole("alert")).toHaveCount(1);
      await expect(form.getByLabel("Email")).toHaveValue(email);
      await expect(form.getByLabel("Role")).toHaveValue(role);
    }
    await context.close();
  });

  test("the test email reaches the three configured addresses", async ({ page }) => {
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    const since = Date.now();
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByText("Test Email Sent")).toBeVisible();
    const email = await waitForEmail("webmaster@example.org", { subject: /test notification/, since });
    expect(email).toMatch(/director@example\.org/);
  });

  test("forgot password: the emailed link sets a new password once", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
    const since = Date.now();
    await dialog.getByLabel("Email").fill(resetUser);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("status")).toContainText("Reset Email Sent");
    await expect(dialog).toContainText("If this email exists in our system, you will receive reset instructions.");

    const email = await waitForEmail(resetUser, { subject: /Reset your/, since });
    const link =
      /http:\/\/[^\s"]+\/auth\?reset=true&amp;token=[\w-]+|http:\/\/[^\s"]+\/auth\?reset=true&token=[\w-]+/.exec(
        email,
      )?.[0];
    expect(link).toBeTruthy();
    const resetPath = new URL(link!.replace("&amp;", "&")).pathname + new URL(link!.replace("&amp;", "&")).search;

    await page.goto(resetPath);
    await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("New Password", { exact: true }).fill("Fresh!Start2026");
    await page.getByLabel("Confirm New Password").fill("Fresh!Start2027");
    // The mismatch shows while typing, and the server refuses it too.
    await expect(page.getByLabel("Confirm New Password")).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("alert")).toContainText("Password Mismatch");
    await page.getByLabel("New Password", { exact: true }).fill("Fresh!Start2026");
    await page.getByLabel("Confirm New Password").fill("Fresh!Start2026");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText("Password Updated Successfully")).toBeVisible();

    // The link works once.
    await page.context().clearCookies();
    await page.goto(resetPath);
    await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
    await signInThroughForm(page, resetUser, "Fresh!Start2026");
  });
});
