import { e2eAccounts, signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

/** Decision 0010 in a real browser: the redirect check, the cross-site check, and the Mail Delivery page. */

test("signing in with a redirectTo that would leave the site lands on /orders instead", async ({ page, baseURL }) => {
  // Browsers drop the tab before resolving "/\t/evil.example", which would then mean https://evil.example/.
  await page.goto("/auth?redirectTo=/%09/evil.example");
  await page.getByLabel("Email").fill(e2eAccounts.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(e2eAccounts.admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/orders`);
  // Signed in already, the same link goes to /orders too.
  await page.goto("/auth?redirectTo=/%09/evil.example");
  await expect(page).toHaveURL(`${baseURL}/orders`);
});

test("a form on another site cannot post to this one", async ({ page, baseURL }) => {
  await signIn(page, "admin");
  // A page on another origin with a form aimed at the admin's user list.
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${baseURL}/admin/users">
               <input name="intent" value="create"><input name="email" value="intruder@example.org">
               <input name="password" value="Sneaky!Pass42"><input name="role" value="admin">
               <button>Win a prize</button></form>`,
    }),
  );
  await page.goto("http://evil.example/");
  const [response] = await Promise.all([
    page.waitForResponse(`${baseURL}/admin/users`),
    page.getByRole("button", { name: "Win a prize" }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByText("this form can only be sent from the site's own pages")).toBeVisible();
  await page.goto("/admin/users");
  await expect(page.getByText("intruder@example.org")).toHaveCount(0);
});

test("admins find Mail Delivery in the sidebar; users do not, and cannot open it", async ({ page }) => {
  // Two sign-ins and an axe scan.
  test.slow();
  await signIn(page, "admin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Mail Delivery" }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mail Delivery" })).toBeVisible({ timeout: 20_000 });
  // The demo writes mail to files, which never fails: nothing needs attention, and the sidebar shows no count.
  await expect(page.getByText("Every email has been delivered")).toBeVisible();
  await expect(page.getByTestId("nav-count")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, "user");
  await expect(
    page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Mail Delivery" }),
  ).toHaveCount(0);
  await page.goto("/admin/mail");
  await expect(page.getByText("You must be an admin to view this page.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the Mail Delivery page fits the screen", async ({ page }) => {
    await signIn(page, "admin", "/admin/mail");
    await expect(page.getByRole("heading", { level: 1, name: "Mail Delivery" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
