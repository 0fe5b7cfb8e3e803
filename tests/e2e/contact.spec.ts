import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

const sent = { title: "Message Sent!", text: "Thank you for contacting us. We'll get back to you soon." };
const failed = "There was a problem sending your message. Please try again.";

async function fillContactForm(scope: ReturnType<Page["locator"]>, values: { name: string; comment: string }) {
  await scope.getByLabel("Name").fill(values.name);
  await scope.getByLabel("School").fill("Riverside Yeshiva High School");
  await scope.getByLabel("Email").fill("parent@example.org");
  await scope.getByLabel("Phone").fill("555-010-0199");
  await scope.getByLabel("Inquiry purpose").selectOption({ label: "Join Online District" });
  await scope.getByLabel("Message").fill(values.comment);
}

async function openDialogFrom(page: Page, path: string | null, buttonName: string | RegExp) {
  if (path) {
    await page.goto(path);
    await waitForHydration(page);
  }
  await page.getByRole("link", { name: buttonName }).first().click();
  const dialog = page.getByRole("dialog", { name: "Get in Touch" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("contact", () => {
  test("the /contact page: reasons, social link, press card, reply note", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: /Contact the Citron Online District/ })).toBeVisible();
    for (const reason of [
      "Joining the district",
      "Participating in tournaments",
      "Judging",
      "Coaching",
      "General information",
    ]) {
      await expect(page.getByRole("heading", { name: reason })).toBeVisible();
    }
    const social = page.getByRole("link", { name: /Follow Us on Social Media/ });
    await expect(social).toHaveAttribute("target", "_blank");
    await expect(social).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("link", { name: "press@example.org" })).toHaveAttribute(
      "href",
      "mailto:press@example.org",
    );
    await expect(page.getByText(/typically reply within 24-48 hours/)).toBeVisible();
    await expect(page.locator("form#contact-form")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Get Involved on Home: messages, Cancel, then a sent message", async ({ page }) => {
    let dialog = await openDialogFrom(page, "/", "Get Involved");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Get Involved" }).first()).toBeFocused();

    dialog = await openDialogFrom(page, null, "Get Involved");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(dialog.getByText("Please select an inquiry purpose.")).toBeVisible();
    await expect(dialog.getByText("Please provide at least 10 characters in your message.")).toBeVisible();

    await fillContactForm(dialog, { name: "A", comment: "Too short" });
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(dialog.getByText("Please provide at least 10 characters in your message.")).toBeVisible();
    await fillContactForm(dialog, { name: "Dana Levi", comment: "We would like to join the district this fall." });
    await expect(dialog.getByText("Name must be at least 2 characters.")).toBeHidden();

    // Hold the answer back until the submitting state has been seen.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByRole("button", { name: /Sending/ })).toBeDisabled();
    answer();
    await expect(page.getByText(sent.title)).toBeVisible();
    await expect(page.getByText(sent.text)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("Contact Us Now on /contact opens the dialog; a failed send keeps the input and says so", async ({ page }) => {
    const dialog = await openDialogFrom(page, "/contact", "Contact Us Now");
    await expectNoSeriousA11yViolations(page);
    await fillContactForm(dialog, { name: "Sam Cohen", comment: "Can our school judge the next tournament?" });
    // The send fails on the way (the page's own reloads still work).
    await page.route("**/contact.data*", (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
    );
    await dialog.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText(failed)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue("Sam Cohen");
    await expect(dialog.getByLabel("Message")).toHaveValue("Can our school judge the next tournament?");
    await expect(dialog.getByRole("button", { name: "Send Message" })).toBeEnabled();

    await page.unroute("**/contact.data*");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(sent.text)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("the page form on /contact sends with a notice and empties itself", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await reachFor(page, "form#contact-form");
    const form = page.locator("form#contact-form");
    await fillContactForm(form, { name: "Noa Katz", comment: "Do you run a summer camp this year?" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(sent.text)).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    // The select shows its prompt again (not an empty box with no option chosen).
    expect(await form.getByLabel("Inquiry purpose").evaluate((select: HTMLSelectElement) => select.selectedIndex)).toBe(
      0,
    );
  });

  test.describe("on a 390 px phone", () => {
    test.use({ viewport: phone });

    test("the dialog fits the screen", async ({ page }) => {
      const dialog = await openDialogFrom(page, "/contact", "Contact Us Now");
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(phone.width);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(phone.width);
      const send = await dialog.getByRole("button", { name: "Send Message" }).boundingBox();
      expect(send!.height).toBeGreaterThanOrEqual(44);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Get Involved leads to the page form, which shows messages and then a success message", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Get Involved" }).first().click();
      await expect(page).toHaveURL(/\/contact#contact-form$/);
      const form = page.locator("form#contact-form");
      await fillContactForm(form, { name: "B", comment: "We would like to judge this spring." });
      await form.getByRole("button", { name: "Send Message" }).click();
      // The answer's page opens at the form, not at the top a phone's several screens above it.
      await expect(page).toHaveURL(/\/contact#send-message$/);
      await expect(page.getByText("Name must be at least 2 characters.")).toBeInViewport();
      // What was typed is still there.
      await expect(page.locator("form#contact-form").getByLabel("Message")).toHaveValue(
        "We would like to judge this spring.",
      );

      await page.locator("form#contact-form").getByLabel("Name").fill("Bina Stern");
      await page.locator("form#contact-form").getByRole("button", { name: "Send Message" }).click();
      const status = page.getByRole("status").filter({ hasText: sent.title });
      await expect(status).toBeInViewport();
      await expect(status).toContainText(sent.text);
    });
  });

  // Last: it uses up this address's allowance for the rest of the run.
  test("too many messages from one address get a 429 with a clear message", async ({ page }) => {
    const form = {
      name: "Rate Tester",
      email: "rate@example.org",
      inquiryPurpose: "other",
      comment: "Checking the limit on messages.",
      website: "",
    };
    let response;
    for (let i = 0; i < 30; i += 1) {
      response = await page.request.post("/contact", { form });
      if (response.status() === 429) break;
      expect(response.status()).toBe(200);
    }
    expect(response!.status()).toBe(429);
    expect(response!.headers()["retry-after"]).toMatch(/^\d+$/);

    const dialog = await openDialogFrom(page, "/contact", "Contact Us Now");
    await fillContactForm(dialog, { name: "Rate Tester", comment: "One more message than allowed." });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.locator("[data-sonner-toast]").getByText(/You have sent several messages in a short time/),
    ).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("info@example.org");
    await expect(dialog.getByLabel("Name")).toHaveValue("Rate Tester");
  });
});
