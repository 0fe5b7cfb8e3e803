import type { Page } from "@playwright/test";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

// Decision 0025: an admin refunds a sandbox gift from /admin/donations, in part through the dialog,
// then the rest without JavaScript through the page section; the payer is emailed and the receipt page says so.
// Decision 0038: a typed amount means that amount; an unclear form is refused at its field.

async function giveThroughSandbox(page: Page, email: string) {
  await page.goto("/donate");
  await waitForHydration(page);
  await reachFor(page, "form#donation-form");
  await page.getByRole("button", { name: "$50", exact: true }).click();
  await page.getByRole("textbox", { name: "First name" }).fill("Rivka");
  await page.getByRole("textbox", { name: "Last name" }).fill("Refund");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate", exact: true }).click();
  const proceed = page
    .getByRole("dialog", { name: "Complete Your Donation" })
    .getByRole("link", { name: /Proceed to Payment/ });
  const [payment] = await Promise.all([page.context().waitForEvent("page"), proceed.click()]);
  await payment.getByRole("button", { name: /^Pay/ }).click();
  await expect(payment.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });
  await payment.close();
}

test("an admin refunds part of a gift in the dialog, then the rest without JavaScript; the receipt says it was refunded", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `refund.${Date.now()}@example.com`;
  const since = Date.now();
  await giveThroughSandbox(page, email);
  const receiptMail = await waitForEmail(email, { subject: /donation receipt/, since });
  const receiptPath = new URL(/https?:\/\/\S+\/donate\/receipt\/[A-Za-z0-9_-]+/.exec(receiptMail)![0]).pathname;

  await signIn(page, "admin", `/admin/donations?email=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("link", { name: /^Refund/ }).click();
  const dialog = page.getByRole("alertdialog", { name: /Refund the gift of/ });
  await expect(dialog).toContainText("up to $50.00 can be refunded");
  // Typing an amount picks "Part of it": the amount typed is the amount refunded (decision 0038).
  await dialog.getByLabel("Amount to refund (dollars)").fill("12.50");
  await expect(dialog.getByLabel("Part of it")).toBeChecked();
  await dialog.getByLabel(/^Reason/).fill("Donor asked for part back");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("$12.50 refunded");
  await expect(page.getByTestId("donations-apart")).toContainText("refunded not included");
  const refundMail = await waitForEmail(email, { subject: /^Refund for your gift/, since });
  expect(refundMail).toContain("$12.50");

  // Without JavaScript: the Refund link opens a section of the page, which posts to the page's own action.
  const cookies = await page.context().cookies();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  await context.addCookies(cookies);
  const plain = await context.newPage();
  await plain.goto(`/admin/donations?email=${encodeURIComponent(email)}`);
  await plain.getByRole("link", { name: /^Refund the gift/ }).click();
  const section = plain.getByRole("alertdialog", { name: /Refund the gift of/ });
  await expect(section).toContainText("up to $37.50 can be refunded");
  // "The whole" (the default) with an amount typed is unclear: refused at the amount, nothing refunded.
  await section.getByLabel("Amount to refund (dollars)").fill("5");
  await section.getByLabel(/^Reason/).fill("Donor changed their mind");
  await section.getByRole("button", { name: "Refund", exact: true }).click();
  const unclear = plain.getByRole("alertdialog", { name: /Refund the gift of/ });
  await expect(unclear.getByLabel("Amount to refund (dollars)")).toHaveAttribute("aria-invalid", "true");
  await expect(unclear).toContainText("You chose the whole amount and typed an amount");
  await expect(unclear).toContainText("up to $37.50 can be refunded");
  await unclear.getByLabel("Amount to refund (dollars)").fill("");
  await unclear.getByLabel(/^Reason/).fill("Donor changed their mind");
  await unclear.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(plain.getByRole("status").filter({ hasText: "$37.50 was refunded." })).toBeVisible();
  await expect(plain.getByRole("row").filter({ hasText: email })).toContainText("Refunded");
  await expect(plain.getByRole("link", { name: /^Refund the gift/ })).toHaveCount(0);
  const overflow = await plain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();

  await page.goto(receiptPath);
  await expect(page.getByTestId("receipt-refunded")).toHaveText(
    /This gift was refunded \(\$50\.00\)\. This page no longer serves as a receipt/,
  );
});
