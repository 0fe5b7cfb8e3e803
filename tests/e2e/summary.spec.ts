import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

// A donor of the demo data, who gives through the year (app/features/orders/demo-seed.server.ts).
const donor = "sarah.greenberg@example.com";
// The current calendar year, where the demo's gifts are (up to 330 days back).
const year = String(new Date().getFullYear());
const answer = `Thank you. If that address gave to us in ${year}, its giving summary is on its way there now.`;

test.describe("year-end giving summary", () => {
  test.slow();

  test("a donor asks for it on /donate with JavaScript at 390 px: the same answer for anyone, the email to the donor", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto("/donate");
    await waitForHydration(page);
    await reachFor(page, "form#giving-summary-form");
    const form = page.locator("form#giving-summary-form");
    await form.getByRole("button", { name: "Email me my giving summary" }).click();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();

    const since = Date.now();
    await form.getByRole("textbox", { name: "Email address" }).fill(donor.toUpperCase());
    await form.getByRole("combobox", { name: "Year" }).selectOption(year);
    await form.getByRole("button", { name: "Email me my giving summary" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText(answer, { exact: false })).toBeVisible();
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoSeriousA11yViolations(page);

    const email = await waitForEmail(donor, { subject: new RegExp(`${year} giving summary`), since });
    expect(email).toContain(`Total ${year}:`);
    expect(email).toContain("EIN (tax ID)");
    expect(email).toContain("No goods or services were provided in exchange for the contribution.");

    // An address that never gave gets the very same answer.
    await page.reload();
    await waitForHydration(page);
    await reachFor(page, "form#giving-summary-form");
    await form.getByRole("textbox", { name: "Email address" }).fill("never.gave@example.com");
    await form.getByRole("combobox", { name: "Year" }).selectOption(year);
    await form.getByRole("button", { name: "Email me my giving summary" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText(answer, { exact: false })).toBeVisible();
  });

  test("without JavaScript at 390 px the form posts to its page, which shows the messages and the answer", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto("/donate");
    const form = page.locator("form#giving-summary-form");
    await form.getByRole("textbox", { name: "Email address" }).fill("not an address");
    await form.getByRole("button", { name: "Email me my giving summary" }).click();
    await expect(page).toHaveURL(/\/donate\/summary#giving-summary$/);
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

    await page
      .locator("form#giving-summary-form")
      .getByRole("textbox", { name: "Email address" })
      .fill("someone.else@example.com");
    await page.locator("form#giving-summary-form").getByRole("button", { name: "Email me my giving summary" }).click();
    const lastYear = String(Number(year) - 1);
    await expect(page.getByRole("status").getByText(`If that address gave to us in ${lastYear}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await context.close();
  });

  test("sent as soon as the page shows, before or while its scripts start, it is answered once", async ({ page }) => {
    // No pointer has moved: the page's scripts start with the first input (the typing here), and the form's code
    // when it is reached for. Whichever has happened by the click, the visitor gets the answer: in a toast once
    // the form is live, or on /donate/summary when the plain form was posted.
    await page.goto("/donate");
    const form = page.locator("form#giving-summary-form");
    await form.getByRole("textbox", { name: "Email address" }).fill("early.bird@example.com");
    await form.getByRole("combobox", { name: "Year" }).selectOption(year);
    await form.getByRole("button", { name: "Email me my giving summary" }).click();
    await expect(page.getByText(answer, { exact: false }).first()).toBeVisible();
  });

  test("staff preview a donor's year, send it, and see it listed with who sent it", async ({ page }) => {
    await signIn(page, "user", "/admin/donations/summaries");
    await page.getByRole("textbox", { name: "Donor email" }).fill(donor);
    await page.getByRole("combobox", { name: "Year" }).selectOption(year);
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: new RegExp(`${year} summary for ${donor}`) });
    await expect(preview.getByRole("table", { name: "Gifts in the summary" })).toBeVisible();
    await expect(preview.getByText(`Total ${year}`, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const since = Date.now();
    await preview.getByRole("button", { name: "Send to donor" }).click();
    await expect(
      page.locator("[data-sonner-toast]").getByText(`The ${year} giving summary is on its way to ${donor}.`),
    ).toBeVisible();
    const sent = page.getByRole("table", { name: "Sent summaries" });
    await expect(sent.getByRole("row").filter({ hasText: "coach@example.org" }).first()).toContainText(donor);
    await expect(sent.getByRole("row").filter({ hasText: "Donor's request" }).first()).toContainText(donor);
    await waitForEmail(donor, { subject: new RegExp(`${year} giving summary`), since });
  });
});
