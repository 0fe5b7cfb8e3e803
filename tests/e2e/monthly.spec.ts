import type { Page } from "@playwright/test";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

/** Monthly gifts (decision 0033): chosen on /donate, paid through the sandbox, managed from the receipt's link. */
async function fillDonor(page: Page, donor: { first: string; last: string; email: string }) {
  await page.getByRole("textbox", { name: "First name" }).fill(donor.first);
  await page.getByRole("textbox", { name: "Last name" }).fill(donor.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(donor.email);
}

const manageLinkIn = (mail: string) => /https?:\/\/\S+\/donate\/monthly\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
/** The page's answer to a form: a toast once hydrated, the notice above the forms without JavaScript. */
const answerNotice = (page: Page, js: boolean, text: string) =>
  page.locator(js ? "[data-sonner-toast]" : '[data-slot="notice"]').filter({ hasText: text });
const monthlyOption = (page: Page) => page.locator("label").filter({ hasText: /^Monthly$/ });

async function manageGift(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Manage your monthly gift" })).toBeVisible();
  await expect(page.getByTestId("monthly-status")).toHaveText("Active");

  await page.getByRole("button", { name: "Play next month's renewal" }).click();
  await expect(answerNotice(page, js, "this month's gift is recorded")).toBeVisible();

  await page.getByRole("textbox", { name: /Monthly gift \(USD\)/ }).fill("abc");
  await page.getByRole("button", { name: "Save amount" }).click();
  // The refusal is said at the field, which names it.
  await expect(page.getByRole("textbox", { name: /Monthly gift \(USD\)/ })).toHaveAccessibleDescription(
    /Donation amount must be at least \$1/,
  );
  await page.getByRole("textbox", { name: /Monthly gift \(USD\)/ }).fill("30");
  await page.getByRole("button", { name: "Save amount" }).click();
  await expect(answerNotice(page, js, "Your new monthly amount is saved")).toBeVisible();
  await expect(page.getByTestId("monthly-amount")).toHaveText("$30.00 a month");

  await page.getByRole("button", { name: "Pause my gift" }).click();
  await expect(page.getByTestId("monthly-status")).toHaveText("Paused");
  await expect(page.getByTestId("paused-note")).toBeVisible();
  await page.getByRole("button", { name: "Resume my gift" }).click();
  await expect(page.getByTestId("monthly-status")).toHaveText("Active");

  await page.getByRole("link", { name: "Cancel my monthly gift" }).click();
  await expect(page.getByRole("heading", { name: "Cancel your monthly gift?" })).toBeVisible();
  // With JavaScript the confirmation is a dialog (its Keep button closes it); without, a page section and a link.
  await page.getByRole(js ? "button" : "link", { name: "Keep my gift" }).click();
  await expect(page.getByTestId("monthly-status")).toHaveText("Active");
  await page.getByRole("link", { name: "Cancel my monthly gift" }).click();
  await page.getByRole("button", { name: "Yes, cancel my monthly gift" }).click();
  await expect(page.getByTestId("monthly-status")).toHaveText("Canceled");
  await expect(page.getByRole("button", { name: "Pause my gift" })).toHaveCount(0);
}

test.describe("a monthly gift with JavaScript", () => {
  test.slow();
  test("chosen on /donate at 390 px, paid through the sandbox, managed from the receipt, seen by staff", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(phone);
    const since = Date.now();
    await page.goto("/donate");
    await waitForHydration(page);
    await reachFor(page, "form#donation-form");
    await expect(page.getByRole("radio", { name: "One-time" })).toBeChecked();
    await monthlyOption(page).click();
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(page.getByText("Charged every month until you stop it.", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "$25", exact: true }).click();
    await fillDonor(page, { first: "Lena", last: "Monthly", email: "lena.monthly.e2e@example.com" });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Donation" });
    await expect(dialog.getByText("Every month, until you stop it")).toBeVisible();
    await expect(dialog.getByText("Total each month")).toBeVisible();
    const [payment] = await Promise.all([
      context.waitForEvent("page"),
      dialog.getByRole("link", { name: /Proceed to Payment/ }).click(),
    ]);
    await payment.getByRole("button", { name: "Pay $25.00 a month" }).click();
    await expect(payment.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });

    const receipt = await waitForEmail("lena.monthly.e2e@example.com", { subject: /donation receipt/, since });
    expect(receipt).toContain("Manage your monthly gift");
    const link = manageLinkIn(receipt);
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expectNoSeriousA11yViolations(page);
    await signIn(page, "user", "/admin/donations");
    const section = page.getByRole("region", { name: "Monthly gifts" });
    await expect(section.getByRole("row").filter({ hasText: "Lena Monthly" })).toContainText("$25.00");
    await expect(page.getByTestId("monthly-recurring-total")).toBeVisible();

    await manageGift(page, new URL(link!).pathname, true);
    const confirmation = await waitForEmail("lena.monthly.e2e@example.com", {
      subject: /monthly gift is canceled/,
      since,
    });
    expect(confirmation).toContain("Nothing more will be charged");
  });
});

test.describe("a monthly gift without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();
  test("chosen, paid and managed at 390 px with plain forms and links", async ({ page }) => {
    await page.setViewportSize(phone);
    const since = Date.now();
    await page.goto("/donate?amount=40");
    await monthlyOption(page).click();
    await fillDonor(page, { first: "Noah", last: "Plain", email: "noah.plain.e2e@example.com" });
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    const summary = page.getByRole("region", { name: "Complete Your Donation" });
    await expect(summary.getByText("Every month, until you stop it")).toBeVisible();
    const href = await summary.getByRole("link", { name: /Proceed to Payment/ }).getAttribute("href");
    await page.goto(href!);
    await page.getByRole("button", { name: "Pay $40.00 a month" }).click();
    await expect(page.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });
    const receipt = await waitForEmail("noah.plain.e2e@example.com", { subject: /donation receipt/, since });
    const link = manageLinkIn(receipt);
    expect(link).toBeTruthy();
    await manageGift(page, new URL(link!).pathname, false);
  });

  test("an unknown manage link is a 404", async ({ page }) => {
    const response = await page.goto("/donate/monthly/not-a-real-token-at-all-000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Monthly gift not found" })).toBeVisible();
  });
});
