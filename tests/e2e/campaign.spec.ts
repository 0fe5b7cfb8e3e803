import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, reachFor, startScripts, test } from "./fixtures";

/**
 * Campaigns (decision 0035): staff create one with and without JavaScript; a donor gives through it at 390 px with
 * and without JavaScript; its progress bar follows the gifts, live on an open page. Every campaign made here is
 * ended again afterwards, so /donate shows no active campaign (and no open feed) to the specs that run after.
 */

const stamp = Date.now().toString(36);
const noJsSlug = `e2e-nojs-${stamp}`;
const jsSlug = `e2e-js-${stamp}`;

function isoDay(offset: number) {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(day);
}

/** Hydrated, without waiting for the network to go idle: the campaign's live feed keeps a connection open. */
async function waitForScripts(page: Page) {
  await startScripts(page);
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
}

async function fillCampaign(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  fields: { name: string; slug: string; goal: string; story: string },
) {
  await scope.getByRole("textbox", { name: "Name" }).fill(fields.name);
  await scope.getByRole("textbox", { name: "Address" }).fill(fields.slug);
  await scope.getByRole("textbox", { name: "Goal (USD)" }).fill(fields.goal);
  await scope.getByLabel("First day").fill(isoDay(-1));
  await scope.getByLabel("Last day").fill(isoDay(20));
  await scope.getByRole("textbox", { name: "Story" }).fill(fields.story);
}

async function fillDonor(scope: Page, donor: { first: string; last: string; email: string; amount: string }) {
  await scope.getByRole("textbox", { name: "Donation amount (USD)" }).fill(donor.amount);
  await scope.getByRole("textbox", { name: "First name" }).fill(donor.first);
  await scope.getByRole("textbox", { name: "Last name" }).fill(donor.last);
  await scope.getByRole("textbox", { name: "Email", exact: true }).fill(donor.email);
}

async function endCampaigns(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "admin", "/admin/campaigns");
  for (const slug of [noJsSlug, jsSlug]) {
    const row = page.getByRole("row").filter({ hasText: `/donate?campaign=${slug}` });
    if ((await row.count()) === 0) continue;
    await row.getByRole("link", { name: /^Edit / }).click();
    const section = page.getByRole("region", { name: "Edit Campaign" });
    await section.getByLabel("First day").fill(isoDay(-3));
    await section.getByLabel("Last day").fill(isoDay(-2));
    await section.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns$/);
  }
  await context.close();
}

test.describe("campaigns", () => {
  test.describe.configure({ mode: "serial" });
  test.slow();
  test.afterAll(async ({ browser }) => endCampaigns(browser));

  test("staff create a campaign without JavaScript: the form is a page section, messages come from the server", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, "admin", "/admin/campaigns");
    await page.getByRole("link", { name: "Add Campaign" }).first().click();
    await expect(page).toHaveURL(/\/admin\/campaigns\?new=1/);
    const section = page.getByRole("region", { name: "Add Campaign" });
    await expect(section).toBeVisible();
    await section.getByRole("button", { name: "Create Campaign" }).click();
    await expect(section.getByText("Name is required")).toBeVisible();
    await expect(section.getByText("Enter a goal in dollars, like 5000")).toBeVisible();

    await fillCampaign(page, section, {
      name: "Judges Fund (no JS)",
      slug: noJsSlug,
      goal: "0",
      story: "Pay our volunteer judges' lunches.",
    });
    await section.getByRole("button", { name: "Create Campaign" }).click();
    await expect(section.getByText("The goal must be more than $0")).toBeVisible();
    await section.getByRole("textbox", { name: "Goal (USD)" }).fill("2000");
    await section.getByRole("button", { name: "Create Campaign" }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns$/);
    // The notice without JavaScript: the toast's <noscript> twin, which fades out.
    await expect(page.getByRole("status").filter({ hasText: "Campaign saved" })).toContainText(
      `"Judges Fund (no JS)" was created.`,
    );
    const row = page.getByRole("row").filter({ hasText: `/donate?campaign=${noJsSlug}` });
    await expect(row).toContainText("$2,000.00");
    await expect(row).toContainText("Open");
    await context.close();
  });

  test("staff create a campaign with JavaScript: a dialog, with an image", async ({ page }) => {
    await signIn(page, "admin", "/admin/campaigns");
    await waitForScripts(page);
    await page.getByRole("link", { name: "Add Campaign" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Campaign" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\?new=1/);
    await fillCampaign(page, dialog, {
      name: "Nationals Travel Fund",
      slug: jsSlug,
      goal: "5000",
      story: "Send our qualifiers to Nationals in June.",
    });
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#1d2b53" } })
      .composite([
        {
          input: Buffer.from('<svg width="1200" height="675"><circle cx="600" cy="337" r="220" fill="#d2df3f"/></svg>'),
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    await dialog.getByLabel("Image").setInputFiles({ name: "team.png", mimeType: "image/png", buffer: png });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Create Campaign" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/campaigns$/);
    await expect(page.getByText(`"Nationals Travel Fund" was created.`).first()).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `/donate?campaign=${jsSlug}` });
    await expect(row).toContainText("$5,000.00");
    await expect(row.locator("img")).toHaveAttribute("src", /\/product-images\/[a-f0-9]+-640\.webp/);
  });

  test("a donor gives through a campaign at 390 px without JavaScript; the progress bar counts the gift", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto(`/donate?campaign=${noJsSlug}`);
    const panel = page.getByRole("region", { name: "Judges Fund (no JS)" });
    await expect(panel).toBeVisible();
    const bar = panel.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuetext", "$0.00 raised of $2,000.00 goal, 0 donors");
    await expect(panel.getByText("$0.00 raised of $2,000.00 goal")).toBeVisible();
    // The page is served from the page cache: the gift below must drop it (decision 0035).
    expect((await context.request.get(`/donate?campaign=${noJsSlug}`)).headers()["x-page-cache"]).toBe("hit");

    await fillDonor(page, { first: "Dana", last: "Levi", email: `dana.${stamp}@example.com`, amount: "120" });
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    const summary = page.getByRole("region", { name: "Complete Your Donation" });
    await expect(summary.getByText("Judges Fund (no JS)", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const href = await summary.getByRole("link", { name: /Proceed to Payment/ }).getAttribute("href");
    await page.goto(href!);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });

    const again = await page.goto(`/donate?campaign=${noJsSlug}`);
    expect(again?.headers()["x-page-cache"]).toBeDefined();
    await expect(
      page.getByRole("region", { name: "Judges Fund (no JS)" }).getByText("$120.00 raised of $2,000.00 goal"),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Judges Fund (no JS)" }).getByText("1 donor", { exact: true }),
    ).toBeVisible();
    await context.close();
  });

  test("a donor gives through a campaign at 390 px with JavaScript; an open page's bar moves live; staff see the tag", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(phone);
    // A second visitor keeps the campaign open: its bar follows the gift without a reload.
    const watcherContext = await browser.newContext({ viewport: phone });
    const watcher = await watcherContext.newPage();
    await watcher.goto(`/donate?campaign=${jsSlug}`);
    await waitForScripts(watcher);
    const watched = watcher.getByRole("region", { name: "Nationals Travel Fund" });
    await expect(watched.getByText("$0.00 raised of $5,000.00 goal")).toBeVisible();

    await page.goto(`/donate?campaign=${jsSlug}`);
    await waitForScripts(page);
    await reachFor(page, "form#donation-form");
    const panel = page.getByRole("region", { name: "Nationals Travel Fund" });
    await expect(panel.locator("img")).toBeVisible();
    await page.getByRole("button", { name: "$50", exact: true }).click();
    await fillDonor(page, { first: "Ari", last: "Cohen", email: `ari.${stamp}@example.com`, amount: "50" });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Donate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Donation" });
    await expect(dialog.getByText("Nationals Travel Fund", { exact: true })).toBeVisible();
    const [payment] = await Promise.all([
      page.context().waitForEvent("page"),
      dialog.getByRole("link", { name: /Proceed to Payment/ }).click(),
    ]);
    await payment.getByRole("button", { name: /^Pay/ }).click();
    await expect(payment.getByText("Payment Successful!")).toBeVisible({ timeout: 15_000 });

    await expect(watched.getByText("$50.00 raised of $5,000.00 goal")).toBeVisible({ timeout: 10_000 });
    await expect(watched.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await expect(watched.getByText("1 donor", { exact: true })).toBeVisible();
    await watcherContext.close();

    // /donate shows the active campaign ending soonest above the form: the no-JS one ends the same day; either is open.
    await payment.goto("/donate");
    await expect(payment.getByRole("progressbar")).toBeVisible();

    await signIn(payment, "user", "/admin/donations");
    await payment.goto(`/admin/donations?email=${encodeURIComponent(`ari.${stamp}@example.com`)}`);
    await expect(payment.getByText("Campaign: Nationals Travel Fund")).toBeVisible();
  });
});
