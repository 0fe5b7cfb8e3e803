import type { Browser } from "@playwright/test";
import { waitForEmail } from "./auth-helpers";
import { expect } from "./fixtures";

const ENTRY = "Citron Tournament Entry Fee";

/**
 * A family registers one entry without JavaScript (a member school, `tournament` as the form labels it, `event`),
 * pays in the sandbox, and reads its entries link from the receipt.
 */
export async function paidEntryLink(
  browser: Browser,
  entry: { tournament: string; event: string; first: string; last: string },
  email: string,
) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/fees");
  await page.getByRole("link", { name: `Add to Cart: ${ENTRY}` }).click();
  const form = page.locator("#register");
  await form.getByRole("textbox", { name: "Student's first name" }).fill(entry.first);
  await form.getByRole("textbox", { name: "Student's last name" }).fill(entry.last);
  await form.getByRole("combobox", { name: "Member school", exact: true }).selectOption({ index: 1 });
  await form.getByRole("combobox", { name: "Tournament" }).selectOption({ label: entry.tournament });
  await form.getByRole("combobox", { name: "Competition event" }).selectOption({ label: entry.event });
  await form.getByRole("button", { name: `Add to Cart: ${ENTRY}` }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await context.close();
  const receipt = await waitForEmail(email, { subject: /Your order/ });
  const link = /https?:\/\/[^\s"<>]+(\/entries\/[A-Za-z0-9_-]+)/.exec(receipt)?.[1];
  expect(link, "the receipt carries the entries link").toBeTruthy();
  return link!;
}
