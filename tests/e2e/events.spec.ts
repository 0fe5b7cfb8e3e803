import type { Page } from "@playwright/test";
import { e2eEventsYear } from "../support/events-sheet";
import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";

// The server reads tests/fixtures/events-e2e.csv dated in the test year (tests/e2e/server.mjs, tests/support/events-sheet.ts):
// eight upcoming events, a "Bills Due" row and a TBD row that are skipped. `year` has 2027's weekdays.
const year = e2eEventsYear();
const MEETING_URL = "https://zoom.us/j/0000000000";

test.describe("the Events Calendar on /events", () => {
  test("lists every upcoming event grouped by month, with Zoom, registration and calendar links", async ({ page }) => {
    await page.goto("/events");
    const widget = page.locator("#events-calendar");
    await expect(widget.getByRole("heading", { name: "Events Calendar" })).toBeVisible();
    await expect(widget.getByRole("heading", { name: `January ${year}` })).toBeVisible();
    await expect(widget.getByRole("heading", { name: `April ${year}` })).toBeVisible();
    await expect(widget.getByTestId("event-card")).toHaveCount(8);
    await expect(widget.getByText("Bills Due for Spring Congress")).toHaveCount(0);
    await expect(widget.getByText("Judge Training Night")).toHaveCount(0);

    const winter = widget.getByTestId("event-card").filter({ hasText: "Winter Speech Tournament" });
    await expect(winter.getByText(`Sun, Jan 10, ${year}`)).toBeVisible();
    await expect(winter.getByText("10:00 AM - 5:00 PM")).toBeVisible();
    // "zoom" in any case links to the configured meeting.
    await expect(winter.getByRole("link", { name: /^zoom/ })).toHaveAttribute("href", MEETING_URL);
    const debate = widget.getByTestId("event-card").filter({ hasText: "LD & PF Debate Night" });
    await expect(debate.getByRole("link", { name: /^ZOOM/ })).toHaveAttribute("href", MEETING_URL);
    const hybrid = widget.getByTestId("event-card").filter({ hasText: "Hybrid Multi Event Tournament" });
    await expect(hybrid.getByText("Host school, Teaneck, NJ")).toBeVisible();
    await expect(hybrid.getByRole("link", { name: /Teaneck/ })).toHaveCount(0);
    // Decision 0051: this site registers for it, so Register opens its form here; the sheet's link stays beside.
    await expect(winter.getByRole("link", { name: "Register for Winter Speech Tournament" })).toHaveAttribute(
      "href",
      /^\/fees\?register=[0-9a-f-]{36}&tournament=sheet-event-7#register$/,
    );
    await expect(winter.getByRole("link", { name: /^Host's site: Winter Speech Tournament/ })).toHaveAttribute(
      "href",
      "https://example.org/register/winter",
    );
    await expect(winter.getByRole("link", { name: /Add to calendar/ })).toHaveAttribute(
      "href",
      "/events.ics?event=sheet-event-7",
    );
    await expect(page.getByRole("link", { name: "Subscribe to the calendar (iCal)" })).toHaveAttribute(
      "href",
      "/events.ics",
    );

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
    expect(jsonLd["@graph"]).toHaveLength(8);
    await expectNoSeriousA11yViolations(page);
  });

  test("the feed is iCalendar with one event per upcoming event", async ({ request }) => {
    const response = await request.get("/events.ics");
    expect(response.headers()["content-type"]).toContain("text/calendar");
    const body = await response.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    expect(body).toContain("UID:sheet-event-7@");
  });

  test("calendar: month navigation, selecting and deselecting a day", async ({ page }) => {
    await page.goto("/events");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/view=calendar/);
    await expect(page.getByText("Select a date to view events.")).toBeVisible();
    const month = page.getByTestId("calendar-month");
    const before = await month.textContent();
    await page.getByRole("button", { name: /^Next month/ }).click();
    await expect(month).not.toHaveText(before ?? "");
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);

    await page.goto(`/events?view=calendar&month=${year}-03`);
    await waitForHydration(page);
    await expect(month).toHaveText(`March ${year}`);
    await expect(page.getByTestId("event-day")).toHaveCount(2);
    const busyDay = page.getByRole("button", { name: `Sunday, March 14, ${year}, 2 events` });
    await busyDay.click();
    await expect(busyDay).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: `Events for Sunday, March 14, ${year}` })).toBeVisible();
    await expect(page.getByTestId("day-events").getByTestId("event-card")).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`day=${year}-03-14`));

    await busyDay.click();
    await expect(page.getByText("Select a date to view events.")).toBeVisible();
    await expect(page).not.toHaveURL(/day=/);

    await page.getByRole("button", { name: `Monday, March 15, ${year}` }).click();
    await expect(page.getByRole("heading", { name: `Events for Monday, March 15, ${year}` })).toBeVisible();
    await expect(page.getByText("No events scheduled for this date.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("legend chips filter, dim the others, and Clear Filter resets", async ({ page }) => {
    await page.goto("/events");
    await waitForHydration(page);
    const legend = page.getByTestId("legend");
    await legend.getByRole("button", { name: "Debate" }).click();
    await expect(page.getByText("Showing 1 filtered events")).toBeVisible();
    await expect(page.getByTestId("event-card")).toHaveCount(1);
    await legend.getByRole("button", { name: "Congress" }).click();
    await expect(page.getByText("Showing 2 filtered events")).toBeVisible();
    await expect(page).toHaveURL(/type=debate&type=congress/);
    await expect(legend.getByRole("button", { name: "Congress" })).toHaveAttribute("aria-pressed", "true");
    await expect(legend.getByRole("button", { name: "Speech" })).toHaveAttribute("aria-pressed", "false");

    await legend.getByRole("button", { name: "Congress" }).click();
    await expect(page.getByText("Showing 1 filtered events")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filter" }).click();
    await expect(page.getByText(/filtered events/)).toHaveCount(0);
    await expect(page.getByTestId("event-card")).toHaveCount(8);
    await expect(page).toHaveURL(/\/events$/);
  });

  test("Refresh refetches and says so", async ({ page }) => {
    await page.goto("/events");
    await waitForHydration(page);
    await refreshUntilFetched(page);
    await expect(page.getByText("Calendar events have been updated from the online spreadsheet service")).toBeVisible();
    await expect(page.getByTestId("events-status")).not.toHaveText("(Loading...)");
  });
});

test("reached by a link from another page, the widget keeps the page's own address (never /events.data)", async ({
  page,
}) => {
  await page.goto("/mission");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Event Schedule" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.getByRole("button", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/events\?view=calendar$/);
  await refreshUntilFetched(page);
  expect(page.url()).not.toContain(".data");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Events Calendar" })).toBeVisible();
});

test("Home shows five events and View All Events opens the full schedule", async ({ page }) => {
  await page.goto("/");
  const widget = page.locator("#events-calendar");
  await expect(widget.getByTestId("event-card")).toHaveCount(5);
  await expect(widget.getByText("Showing 5 of 8 upcoming events")).toBeVisible();
  // The list scrolls inside about 24rem.
  const height = await widget.getByTestId("event-list").evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(24 * 16 + 1);
  await widget.getByRole("link", { name: "View All Events" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByTestId("event-card")).toHaveCount(8);
});

test("without JavaScript, view, filter, month and day are links the server renders", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/events");
  await expect(page.getByTestId("event-card")).toHaveCount(8);
  await page.getByTestId("legend").getByRole("link", { name: "Citron Quals" }).click();
  await expect(page).toHaveURL(/\/events\?type=citron-quals/);
  await expect(page.getByText("Showing 1 filtered events")).toBeVisible();
  await expect(page.getByTestId("event-card")).toHaveCount(1);

  await page.getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page).toHaveURL(/view=calendar/);
  await page.goto(`/events?view=calendar&type=citron-quals&month=${year}-02`);
  await page.getByRole("link", { name: `Sunday, February 7, ${year}, 1 event` }).click();
  await expect(page).toHaveURL(new RegExp(`day=${year}-02-07`));
  await expect(page.getByRole("heading", { name: `Events for Sunday, February 7, ${year}` })).toBeVisible();
  await expect(page.getByTestId("day-events").getByText("Citron District Quals")).toBeVisible();

  await page.getByRole("link", { name: "Clear Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?view=calendar&month=${year}-02&day=${year}-02-07`));

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?view=calendar&month=${year}-02&day=${year}-02-07`));
  await context.close();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("the calendar and list fit without sideways scrolling", async ({ page }) => {
    for (const path of ["/events", `/events?view=calendar&month=${year}-03&day=${year}-03-14`, "/"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * Refresh says "Events Refreshed" only when it fetched: within the cooldown of the last fetch (3 s here,
 * EVENTS_REFRESH_COOLDOWN_MS in tests/e2e/server.mjs) it is "already up to date".
 */
async function refreshUntilFetched(page: Page) {
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("Events Refreshed")).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [1000] });
}

test("a second Refresh inside the cooldown says the calendar is already up to date (docs/product.md#4-states-and-transitions)", async ({
  page,
}) => {
  await page.goto("/events");
  await waitForHydration(page);
  await refreshUntilFetched(page);
  // At once, inside the short cooldown: the first Refresh's notice is still up, and no second one joins it.
  await page.getByRole("button", { name: "Refresh" }).click();
  // The shown one: a notice of the same words from a try inside refreshUntilFetched may still be leaving the page.
  await expect(page.getByText("Calendar already up to date").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText("Events Refreshed")).toHaveCount(1);
});
