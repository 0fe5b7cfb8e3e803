import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { signIn } from "./auth-helpers";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

// The three read-side dashboards over the demo data (app/features/orders/demo-seed.server.ts, app/features/contact-admin/demo-seed.server.ts).

async function csvOf(download: Download): Promise<string[][]> {
  const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
  return text
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("/orders", () => {
  test("filters by student, tournament and event through the address, and exports what it shows", async ({ page }) => {
    await signIn(page, "user");
    await expect(page.getByRole("heading", { level: 1, name: "View Orders" })).toBeVisible();
    const table = page.getByRole("table", { name: "Completed orders" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    // Completed orders only, styled green; amounts in dollars with cents.
    const statuses = await table
      .locator("[data-status]")
      .evaluateAll((nodes) => [...new Set(nodes.map((n) => n.getAttribute("data-status")))]);
    expect(statuses).toEqual(["completed"]);
    // The success colours of app/app.css: green text (#067647) on a pale green (#dcfae6).
    await expect(table.locator("[data-status]").first()).toHaveCSS("color", "rgb(6, 118, 71)");
    await expect(table.locator("[data-status]").first()).toHaveCSS("background-color", "rgb(220, 250, 230)");
    await expect(table.getByRole("cell", { name: /^\$\d{1,3}(,\d{3})*\.\d{2}$/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await waitForHydration(page);
    await page.getByLabel("Student name").fill("Maya Goldberg");
    await page.getByLabel("Tournament", { exact: true }).selectOption("Citron Winter Classic");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/student=Maya\+Goldberg/);
    await expect(page).toHaveURL(/tournament=Citron\+Winter\+Classic/);
    const rows = table.locator("tbody tr");
    await expect(rows.first()).toContainText("Maya Goldberg");
    for (const text of await rows.allInnerTexts()) expect(text).toContain("Citron Winter Classic");

    // The filters survive a reload.
    await page.reload();
    await expect(page.getByLabel("Student name")).toHaveValue("Maya Goldberg");
    await expect(page.getByLabel("Tournament", { exact: true })).toHaveValue("Citron Winter Classic");

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = await csvOf(download);
    expect(header).toContain("Student");
    expect(lines.length).toBe(await rows.count());
    for (const line of lines) {
      expect(line).toContain("Maya Goldberg");
      expect(line).toContain("Citron Winter Classic");
    }

    await page.getByLabel("Student name").fill("Nobody Atall");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No orders match your search criteria.")).toBeVisible();
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByLabel("Student name")).toHaveValue("");
    await expect(rows.first()).toBeVisible();
  });

  test("counts entries per tournament and event, and exports the roster", async ({ page }) => {
    await signIn(page, "admin");
    await page.getByRole("link", { name: "Entries by tournament" }).click();
    await expect(page).toHaveURL(/view=entries/);
    const winter = page.getByRole("region", { name: /Citron Winter Classic/ });
    await expect(winter).toBeVisible();
    const ld = winter.getByRole("row", { name: /Lincoln-Douglas/ });
    await expect(ld).toBeVisible();
    const ldCount = Number(await ld.getByRole("cell").last().innerText());
    expect(ldCount).toBeGreaterThanOrEqual(1);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Tournament", { exact: true }).selectOption("Citron Winter Classic");
    await page.getByLabel("Event", { exact: true }).selectOption("Lincoln-Douglas");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/view=entries.*|.*view=entries/);
    await expect(page.getByRole("region", { name: /Citron Fall Invitational/ })).toHaveCount(0);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export entries CSV" }).click();
    const [header = [], ...lines] = await csvOf(await downloadPromise);
    expect(header.slice(0, 4)).toEqual(["Tournament", "Tournament Date", "Event", "Student"]);
    expect(lines).toHaveLength(ldCount);
    expect(lines.map((line) => line[3])).toContain("Maya Goldberg");
  });

  test("filters, message selection and handled marking work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, "admin");
    await page.getByLabel("Event", { exact: true }).selectOption("Public Forum");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/event=Public\+Forum/);
    await expect(page.getByText(/^\d+ orders? match/)).toBeVisible();
    const events = await page.locator('td[data-label="Event"]').allInnerTexts();
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events)).toEqual(new Set(["Public Forum"]));

    await page.goto("/contact-submissions");
    await page
      .getByRole("list", { name: "Contact submissions" })
      .getByRole("link", { name: /Jonathan Meyers/ })
      .click();
    await expect(page).toHaveURL(/id=[0-9a-f-]{36}/);
    const details = page.getByRole("article", { name: "Jonathan Meyers" });
    await details.getByRole("button", { name: "Mark handled" }).click();
    await expect(details.getByText(/Handled by director@example\.org on/)).toBeVisible();
    await details.getByRole("button", { name: "Reopen" }).click();
    await expect(details.getByRole("button", { name: "Mark handled" })).toBeVisible();
    await context.close();
  });
});

test.describe("/admin/donations", () => {
  test("cards, chart, memorial gifts, search with Clear, no-match state and CSV", async ({ page }) => {
    await signIn(page, "user", "/admin/donations");
    await expect(page.getByRole("heading", { level: 1, name: "View Donations" })).toBeVisible();
    for (const card of ["Total Donations", "Number of Donations", "Average Donation"]) {
      await expect(page.getByRole("term").filter({ hasText: card })).toBeVisible();
    }
    const count = Number((await page.locator("dt:text('Number of Donations') + dd").innerText()).replace(/,/g, ""));
    expect(count).toBeGreaterThan(0);
    await expect(page.getByText(`Showing ${count} of ${count} total donations`)).toBeVisible();
    await expect(page.getByRole("figure", { name: /Donations by month/ }).locator("li")).toHaveCount(12);
    const table = page.getByRole("table", { name: "Donations" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Date",
      "Donor Name",
      "Email",
      "Amount",
      "Memorial/Honor",
      "Description",
    ]);
    // Memorial and honor gifts say so (the demo's are spread over both pages of 25).
    await expect(table.getByText(/^In (memory|honor) of /).first()).toBeVisible();
    // Date with hour and minute.
    await expect(table.locator('td[data-label="Date"]').first()).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    await expectNoSeriousA11yViolations(page);

    await waitForHydration(page);
    await page.getByLabel("Search by donor email").fill("ruth.adler");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/email=ruth\.adler/);
    const shown = page.getByText(new RegExp(`^Showing \\d+ of ${count} total donations$`));
    await expect(shown).toBeVisible();
    // The address changes as the navigation ends; the table may draw the search's rows a moment later.
    const emailCells = table.locator('td[data-label="Email"]');
    await expect.poll(async () => [...new Set(await emailCells.allInnerTexts())]).toEqual(["ruth.adler@example.com"]);
    const emails = await emailCells.allInnerTexts();
    await expect(shown).toHaveText(`Showing ${emails.length} of ${count} total donations`);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const [header, ...lines] = await csvOf(await downloadPromise);
    expect(header).toEqual([
      "Date",
      "Donor Name",
      "Email",
      "Amount (USD)",
      "Memorial/Honor",
      "Description",
      "Order ID",
      "Refunded (USD)",
      "Disputed (USD)",
      "Lost in disputes (USD)",
      "Kept (USD)",
      "Monthly",
      "Campaign",
    ]);
    expect(lines).toHaveLength(emails.length);
    for (const line of lines) expect(line[2]).toBe("ruth.adler@example.com");

    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/donations$/);
    await expect(page.getByText(`Showing ${count} of ${count} total donations`)).toBeVisible();

    await page.getByLabel("Search by donor email").fill("nobody@nowhere");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No donations match your search.")).toBeVisible();
    await expect(page.getByText(`Showing 0 of ${count} total donations`)).toBeVisible();

    await page.getByRole("link", { name: "Refresh Donations" }).click();
    await expect(page.getByText("No donations match your search.")).toBeVisible();
  });
});

test.describe("/contact-submissions", () => {
  test("details panel with escaped message, Reply and Call, and handled marking", async ({ page }) => {
    await signIn(page, "admin", "/contact-submissions");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
    await expect(page.getByText("Select a message to see its details.")).toBeVisible();
    const list = page.getByRole("list", { name: "Contact submissions" });

    await list.getByRole("link", { name: /Dana Whitfield/ }).click();
    const details = page.getByRole("article", { name: "Dana Whitfield" });
    await expect(details.getByTestId("contact-message")).toContainText("printed <notes> into extemp prep");
    await expect(details.getByText("Cedar Grove Day School")).toBeVisible();
    await expect(details.getByRole("link", { name: "Reply" })).toHaveAttribute(
      "href",
      /^mailto:dwhitfield@example\.org\?subject=/,
    );
    await expect(details.getByRole("link", { name: "Call" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await list.getByRole("link", { name: /Rachel Abramson/ }).click();
    const rachel = page.getByRole("article", { name: "Rachel Abramson" });
    await expect(rachel.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:2125550147");
    await expect(rachel.getByText("(212) 555-0147")).toBeVisible();

    await waitForHydration(page);
    await rachel.getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText("Marked as handled")).toBeVisible();
    await expect(rachel.getByText(/Handled by director@example\.org on/)).toBeVisible();
    await expect(list.getByRole("link", { name: /Rachel Abramson/ })).toHaveCount(0);

    await page.getByRole("link", { name: /^Handled/ }).click();
    await expect(page).toHaveURL(/status=handled/);
    await list.getByRole("link", { name: /Rachel Abramson/ }).click();
    await page.getByRole("article", { name: "Rachel Abramson" }).getByRole("button", { name: "Reopen" }).click();
    await expect(page.getByText("Reopened")).toBeVisible();
    await page.getByRole("link", { name: /^Open/ }).click();
    await expect(list.getByRole("link", { name: /Rachel Abramson/ })).toBeVisible();
  });

  test("is for admins: a coach sees Access Denied, a visitor is sent to sign in", async ({ page }) => {
    await page.goto("/contact-submissions");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcontact-submissions/);
    await expect(page.getByText("You must be logged in to access this page.")).toBeVisible();
    await signIn(page, "user");
    const response = await page.goto("/contact-submissions");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByText("Dana Whitfield")).toHaveCount(0);
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("tables become stacked rows and nothing scrolls sideways", async ({ page }) => {
    await signIn(page, "admin");
    await noSidewaysScroll(page);
    const firstCell = page.locator('tbody td[data-label="Amount"]').first();
    await expect(firstCell).toBeVisible();
    await expect(page.locator("thead").first()).toBeHidden();
    await page.goto("/admin/donations");
    await noSidewaysScroll(page);
    await page.goto("/contact-submissions");
    await page.getByRole("list", { name: "Contact submissions" }).getByRole("link").first().click();
    await expect(page.getByRole("article")).toBeInViewport();
    await noSidewaysScroll(page);
  });

  // A real sender's name of 62 characters (the form allows 100): one of the demo messages.
  const longName = "Dr. Elisheva Rosenberg-Katzenellenbogen, Director of Forensics";

  for (const javaScriptEnabled of [true, false]) {
    test(`a long sender name fits the list and the details panel (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: phone, javaScriptEnabled });
      const page = await context.newPage();
      await signIn(page, "admin", "/contact-submissions");
      const within = async (locator: ReturnType<Page["locator"]>) => {
        const box = await locator.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
      };
      const card = page
        .getByRole("list", { name: "Contact submissions" })
        .getByRole("link", { name: new RegExp(longName) });
      await expect(card).toBeVisible();
      await noSidewaysScroll(page);
      await within(card);
      // The card's date stays on the screen; the name is shortened with an ellipsis.
      await within(card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/));
      await within(page.getByRole("heading", { level: 1, name: "Contact Submissions" }));

      await card.click();
      const details = page.getByRole("article", { name: longName });
      await expect(details).toBeVisible();
      await noSidewaysScroll(page);
      await within(details);
      await within(details.getByRole("heading", { name: longName }));
      await within(details.getByRole("link", { name: "Reply" }));
      await context.close();
    });
  }
});
