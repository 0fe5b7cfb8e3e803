import type { Page } from "@playwright/test";
import { signIn, waitForEmail } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

const amountInput = (page: Page) => page.getByRole("textbox", { name: "Donation amount (USD)" });

async function fillDonor(page: Page, donor: { first: string; last: string; email: string }) {
  await page.getByRole("textbox", { name: "First name" }).fill(donor.first);
  await page.getByRole("textbox", { name: "Last name" }).fill(donor.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(donor.email);
}

test.describe("donate with JavaScript", () => {
  // Two axe runs and a server round trip per step on a shared two-core machine.
  test.slow();
  test("the amount input takes digits and one point with two decimals; quick picks fill it", async ({ page }) => {
    await page.goto("/donate");
    await waitForHydration(page);
    await reachFor(page, "form#donation-form");
    await expect(page.getByRole("heading", { level: 1, name: "Support the Citron Online District" })).toBeVisible();
    const amount = amountInput(page);
    await expect(amount).toHaveValue("");
    await amount.click();
    await page.keyboard.type("1a2-.e.5$57");
    // a, -, e, the second point, $ and the third decimal were ignored.
    await expect(amount).toHaveValue("12.55");
    await amount.fill("");
    await expect(amount).toHaveValue("");

    await page.getByRole("button", { name: "$100", exact: true }).click();
    await expect(amount).toHaveValue("100");
    await expect(page.getByRole("button", { name: "$100", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("checkbox", { name: "Cover the card fee" }).check();
    await expect(page.getByText("Adds $3.30, so the district receives your full $100.00.")).toBeVisible();
  });

  test("docs/product.md's messages, then a memorial gift's summary in Complete Your Donation (phone)", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto("/donate");
    await waitForHydration(page);
    await reachFor(page, "form#donation-form");
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Donation amount must be at least $1",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    // The tribute field appears only for memory or honor, with docs/product.md's label.
    await expect(page.getByRole("textbox", { name: "In memory of" })).toBeHidden();
    await page.getByRole("combobox", { name: "Memorial type" }).selectOption("memory");
    await expect(page.getByRole("textbox", { name: "In memory of" })).toBeVisible();
    await page.getByRole("combobox", { name: "Memorial type" }).selectOption("honor");
    await expect(page.getByRole("textbox", { name: "In honor of" })).toBeVisible();
    await page.getByRole("combobox", { name: "Memorial type" }).selectOption("memory");

    // Choosing an amount clears its message at once (the new amount is what is checked, not the empty one).
    await page.getByRole("button", { name: "$50", exact: true }).click();
    await expect(page.getByText("Donation amount must be at least $1", { exact: true })).toBeHidden();
    await expect(page.getByText("First name is required", { exact: true })).toBeVisible();
    await fillDonor(page, { first: "Ruth", last: "Adler", email: "ruth.adler.e2e@example.com" });
    await page.getByRole("textbox", { name: "In memory of" }).fill("Rabbi Samuel Katz");
    await page.getByRole("textbox", { name: "Let someone know (optional)" }).fill("katz.family.e2e@example.com");
    await page.getByRole("checkbox", { name: "Cover the card fee" }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Donate", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Complete Your Donation" });
    await expect(dialog).toBeVisible();
    for (const text of [
      "Ruth Adler",
      "ruth.adler.e2e@example.com",
      "$50.00",
      "$1.81",
      "In memory of Rabbi Samuel Katz",
      "$51.81",
    ]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    const proceed = dialog.getByRole("link", { name: /Proceed to Payment/ });
    await expect(proceed).toHaveAttribute("target", "_blank");
    // At 390 px a long address wraps: nothing in the dialog is wider than the dialog, the buttons fit inside it.
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const [box, button] = [await dialog.boundingBox(), await proceed.boundingBox()];
    expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await expectNoSeriousA11yViolations(page);

    // Cancel closes the dialog and keeps what was typed.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(amountInput(page)).toHaveValue("50");
    await expect(page.getByRole("textbox", { name: "In memory of" })).toHaveValue("Rabbi Samuel Katz");
  });

  test("a memorial gift paid through the sandbox: Payment Successful!, View Donations, the receipt", async ({
    page,
    context,
  }) => {
    const since = Date.now();
    await page.goto("/donate");
    await waitForHydration(page);
    await reachFor(page, "form#donation-form");
    await page.getByRole("button", { name: "$50", exact: true }).click();
    await fillDonor(page, { first: "Miriam", last: "Stein", email: "miriam.stein.e2e@example.com" });
    await page.getByRole("combobox", { name: "Memorial type" }).selectOption("memory");
    await page.getByRole("textbox", { name: "In memory of" }).fill("Grandpa Leo Stein");
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    const proceed = page
      .getByRole("dialog", { name: "Complete Your Donation" })
      .getByRole("link", { name: /Proceed to Payment/ });
    const [payment] = await Promise.all([context.waitForEvent("page"), proceed.click()]);
    await payment.getByRole("button", { name: /^Pay/ }).click();
    await expect(payment.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });

    const receiptMail = await waitForEmail("miriam.stein.e2e@example.com", { subject: /donation receipt/, since });
    expect(receiptMail).toContain("No goods or services were provided in exchange for the contribution.");
    expect(receiptMail).toContain("In memory of Grandpa Leo Stein");
    const link = /https?:\/\/\S+\/donate\/receipt\/[A-Za-z0-9_-]+/.exec(receiptMail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Miriam Stein", { exact: true })).toBeVisible();
    await expect(page.getByText("$50.00", { exact: true })).toBeVisible();
    // Made with the sandbox: the page says it is no receipt (decision 0024).
    await expect(page.getByRole("note")).toContainText("This is not a receipt for tax purposes.");
    expect(receiptMail).toContain("No payment was taken");
    await expectNoSeriousA11yViolations(page);

    await signIn(page, "user", "/admin/donations");
    const row = page.getByRole("row").filter({ hasText: "Miriam Stein" });
    await expect(row).toContainText("In memory of Grandpa Leo Stein");
    await expect(row).toContainText("$50.00");
    await expect(row).toContainText("Test (sandbox)");
  });
});

test.describe("donate without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    test(`messages, kept values and the summary with a plain payment link (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/donate");
      // A quick pick is a link that fills the amount.
      await page.getByRole("link", { name: "$25", exact: true }).click();
      await expect(amountInput(page)).toHaveValue("25");
      await page.getByRole("combobox", { name: "Memorial type" }).selectOption("honor");
      await expect(page.getByRole("textbox", { name: "In honor of" })).toBeVisible();
      await page.getByRole("button", { name: "Donate", exact: true }).click();
      for (const message of ["First name is required", "Last name is required", "Valid email is required"]) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(page.getByText("Please enter the name of the person you give in honor of")).toBeVisible();
      await expect(amountInput(page)).toHaveValue("25");

      await fillDonor(page, { first: "Dov", last: "Klein", email: "dov.klein.e2e@example.com" });
      await page.getByRole("textbox", { name: "In honor of" }).fill("Coach Levine");
      await page.getByRole("checkbox", { name: "Cover the card fee" }).check();
      await page.getByRole("button", { name: "Donate", exact: true }).click();

      const summary = page.getByRole("region", { name: "Complete Your Donation" });
      await expect(summary).toBeVisible();
      // $25 with the fee covered: ceil((2500 + 30) / 0.971) = 2606 cents.
      for (const text of ["Dov Klein", "$25.00", "$1.06", "In honor of Coach Levine", "$26.06"]) {
        await expect(summary.getByText(text, { exact: true })).toBeVisible();
      }
      await expect(summary.getByRole("link", { name: /Proceed to Payment/ })).toHaveAttribute("target", "_blank");
      await expect(summary.getByRole("link", { name: "Cancel" })).toBeVisible();
      if (viewport.width !== phone.width) return;

      // On the phone, pay through the sandbox and find the honor gift in View Donations, all without JavaScript.
      const since = Date.now();
      const href = await summary.getByRole("link", { name: /Proceed to Payment/ }).getAttribute("href");
      await page.goto(href!);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });
      const receiptMail = await waitForEmail("dov.klein.e2e@example.com", { subject: /donation receipt/, since });
      expect(receiptMail).toContain("In honor of Coach Levine");
      expect(receiptMail).toContain("$26.06");
      await signIn(page, "user", "/admin/donations");
      // The phone layout may stack the table's rows, so look for the donor and the tribute text.
      await expect(page.getByText("Dov Klein").first()).toBeVisible();
      await expect(page.getByText("In honor of Coach Levine").first()).toBeVisible();
    });
  }
});
