// Decision 0053: the finance page as an admin sees it, at 1280 px with JavaScript and at 390 px without: the period's
// figures, the chart with its table, the period forms, a CSV download, the sandbox's reconciliation notice and the
// fiscal year's first month. The figures' arithmetic is tests/integration/finance/.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const desktop = { width: 1280, height: 800 };

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

async function seesThePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  const figures = page.getByRole("table", { name: /Gross by stream/ });
  await expect(figures.getByRole("row", { name: /^Gross/ })).toContainText("$");
  await expect(figures.getByRole("rowheader", { name: "Net" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Gross and net by month" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Gross and net by month" }).getByRole("row")).toHaveCount(13);
  await expect(
    page.getByText("Payments go through the sandbox: there is nothing to reconcile with Stripe."),
  ).toBeVisible();
}

test("an admin reads the fiscal year, a month and a range of days, and downloads the rows (1280 px, JavaScript)", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  await signIn(page, "admin", "/admin/profile");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Finance" }).click();
  await expect(page).toHaveURL(/\/admin\/finance$/);
  await seesThePage(page);
  await expect(page.getByText(/^Fiscal year \d{4}–\d{2} \(Jul 1, \d{4} – Jun 30, \d{4}\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Every line (CSV)" }).click();
  const file = await (await download).path();
  expect((await readFile(file, "utf8")).split("\r\n")[0]).toBe(
    "\uFEFFDate,Type,Stream,Amount (USD),Order ID,Reference,Item,Tournament,Tournament Date,Event,Campaign,Email",
  );

  await page.getByLabel("Month", { exact: true }).fill("2026-02");
  await page.getByRole("button", { name: "Show month" }).click();
  await expect(page).toHaveURL(/period=month&month=2026-02/);
  await expect(page.getByText("February 2026", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Gross and net by month" }).getByRole("row")).toHaveCount(2);

  await page.getByLabel("From", { exact: true }).fill("2026-01-30");
  await page.getByLabel("To", { exact: true }).fill("2026-02-02");
  await page.getByRole("button", { name: "Show days" }).click();
  await expect(page.getByText("Jan 30, 2026 – Feb 2, 2026", { exact: true })).toBeVisible();
  await context.close();
});

test("on a phone without JavaScript the page, its chart and its forms work, and the fiscal year moves (390 px)", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "admin", "/admin/finance");
  await seesThePage(page);
  await noOverflow(page);

  await page.getByLabel("From", { exact: true }).fill("2026-03-01");
  await page.getByLabel("To", { exact: true }).fill("2026-03-31");
  await page.getByRole("button", { name: "Show days" }).click();
  await expect(page.getByText("Mar 1, 2026 – Mar 31, 2026", { exact: true })).toBeVisible();
  await noOverflow(page);

  await page.goto("/admin/finance?period=month&month=2026-13");
  await expect(page.getByText("Choose a month as YYYY-MM.")).toBeVisible();

  await page.getByLabel("The fiscal year starts in").selectOption({ label: "January" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Fiscal year \d{4} \(Jan 1, \d{4} – Dec 31, \d{4}\)$/)).toBeVisible();
  await page.getByLabel("The fiscal year starts in").selectOption({ label: "July" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Fiscal year \d{4}–\d{2} \(Jul 1/)).toBeVisible();
  await context.close();
});

test("a user does not see Finance and cannot open it", async ({ page }) => {
  await signIn(page, "user", "/orders");
  await expect(
    page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Finance" }),
  ).toHaveCount(0);
  await page.goto("/admin/finance");
  await expect(page.getByText("You must be an admin to view this page.")).toBeVisible();
});
