import { expect, expectNoSeriousA11yViolations, phone, reachFor, test, waitForHydration } from "./fixtures";

const eventTitle = (page: import("@playwright/test").Page) =>
  page.getByRole("heading", { level: 2 }).and(page.locator("#guide-event-title"));
const eventsNav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Events" });

test.describe("Competition Guide on a 1280 px desktop", () => {
  test("selects Lincoln-Douglas by default and shows its speeches as docs/product.md times them", async ({ page }) => {
    await page.goto("/guide");
    await expect(page).toHaveTitle("Competition Guide | Citron Online District");
    await expect(page.getByRole("heading", { level: 1, name: "Competition Guide" })).toBeVisible();
    await expect(eventTitle(page)).toHaveText("Lincoln-Douglas Debate");
    await expect(eventsNav(page).getByRole("link", { name: /Lincoln-Douglas Debate/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const group of ["Congress", "Debate", "Speech"]) {
      await expect(eventsNav(page).getByRole("heading", { name: group })).toBeVisible();
    }
    const table = page.getByRole("region", { name: "Lincoln-Douglas Debate: order of speeches" });
    await expect(table.getByRole("columnheader")).toHaveText(["Speech", "Time Limit", "Purpose"]);
    await expect(table.locator("tbody tr td:nth-child(2)")).toHaveText([
      "6 min",
      "3 min",
      "7 min",
      "3 min",
      "4 min",
      "6 min",
      "3 min",
    ]);
    await expect(page.getByRole("tabpanel").getByRole("link", { name: "Dr. Miriam Feldstein" })).toHaveAttribute(
      "href",
      "/about",
    );
  });

  test("?event= preselects an event and accepts the team page's aliases", async ({ page }) => {
    await page.goto("/guide?event=public-forum");
    await expect(eventTitle(page)).toHaveText("Public Forum Debate");
    await expect(page).toHaveTitle("Public Forum Debate: Competition Guide | Citron Online District");
    await expect(page.getByRole("cell", { name: "Grand Crossfire (all four debaters)" })).toBeVisible();

    await page.goto("/guide?event=extemporaneous-speaking");
    await expect(eventTitle(page)).toHaveText("Extemporaneous Speaking");
    await expect(eventsNav(page).getByRole("link", { name: "Extemporaneous Speaking" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.goto("/guide?event=no-such-event");
    await expect(eventTitle(page)).toHaveText("Lincoln-Douglas Debate");
  });

  test("choosing an event updates the address and the back button returns", async ({ page }) => {
    await page.goto("/guide");
    await waitForHydration(page);
    await eventsNav(page)
      .getByRole("link", { name: /World Schools Debate/ })
      .click();
    await expect(page).toHaveURL(/\/guide\?event=world-schools$/);
    await expect(eventTitle(page)).toHaveText("World Schools Debate");
    await expect(page.getByText(/allowed only\s+in minutes 2 through 7/)).toBeVisible();

    await eventsNav(page)
      .getByRole("link", { name: /Congressional Debate/ })
      .click();
    await expect(page).toHaveURL(/event=congressional-debate$/);
    await expect(page.getByText("Motion for the previous question")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/event=world-schools$/);
    await expect(eventTitle(page)).toHaveText("World Schools Debate");
    await page.goBack();
    await expect(page).toHaveURL(/\/guide$/);
    await expect(eventTitle(page)).toHaveText("Lincoln-Douglas Debate");
  });

  test("a keyboard alone reaches the tabs from the event list and switches them", async ({ page }) => {
    await page.goto("/guide?event=lincoln-douglas");
    await eventsNav(page)
      .getByRole("link", { name: /Radio Speaking/ })
      .focus();
    // Tab until a tab of the guide has focus: it must be within a few stops, not skipped.
    let reached = false;
    for (let stop = 0; stop < 6 && !reached; stop++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.getAttribute("role") === "tab");
    }
    expect(reached).toBe(true);
    await expect(page.getByRole("tab", { name: "About Event" })).toBeFocused();
    // Focus is the first use: the tabs' code loads and they come alive, keeping the focus.
    await expect(page.locator("[data-live] article[aria-labelledby=guide-event-title]")).toBeVisible();
    await expect(page.getByRole("tab", { name: "About Event" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/event=lincoln-douglas&tab=judges$/);
    await expect(page.getByRole("heading", { name: "Judging criteria" })).toBeVisible();
    // Once the tabs are live, one tab stop for the row: Tab leaves it for the panel.
    await expect(page.getByRole("tab", { name: "Judges" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Advanced Content" })).toHaveAttribute("tabindex", "-1");
  });

  test("tabs switch content and keep the address in step; Videos shows placeholders as links, never players", async ({
    page,
  }) => {
    await page.goto("/guide?event=lincoln-douglas");
    await waitForHydration(page);
    await reachFor(page, "article[aria-labelledby=guide-event-title]");
    await expect(page.getByRole("tab")).toHaveText(["About Event", "Judges", "Advanced Content", "Videos"]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("tab", { name: "Judges" }).click();
    await expect(page).toHaveURL(/event=lincoln-douglas&tab=judges$/);
    await expect(page.getByRole("tab", { name: "Judges" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Judging criteria" })).toBeVisible();

    // Keyboard: arrow keys move along the tabs (Radix automatic activation).
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("heading", { name: "Preparation tips" })).toBeVisible();
    await expect(page).toHaveURL(/tab=advanced$/);

    await page.getByRole("tab", { name: "Videos" }).click();
    // The sample content has no recordings yet: a search on YouTube stands in, as a link.
    const link = page.getByTestId("video-link");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute(
      "href",
      /^https:\/\/www\.youtube\.com\/results\?search_query=NSDA\+Lincoln-Douglas/,
    );
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toContainText("Lincoln-Douglas Debate rounds on YouTube");
    await expect(page.locator("iframe")).toHaveCount(0);

    await eventsNav(page)
      .getByRole("link", { name: /Big Questions/ })
      .click();
    await expect(page).toHaveURL(/event=big-questions$/);
    await page.getByRole("tab", { name: "Videos" }).click();
    await expect(page.getByText("No videos available for this event yet.")).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("a philosophical term shows its definition on keyboard focus, hover and tap; axe finds nothing serious", async ({
    page,
  }) => {
    await page.goto("/guide");
    await waitForHydration(page);
    const term = page.getByRole("button", { name: "deontology" }).first();
    await term.focus();
    const definition = page.getByRole("note");
    await expect(definition).toContainText("Duty-based ethics");
    await term.blur();
    await expect(definition).toBeHidden();

    await page.getByRole("button", { name: "utilitarianism" }).first().hover();
    await expect(page.getByRole("note")).toContainText("greatest overall well-being");
    await page.mouse.move(0, 0);
    await expect(page.getByRole("note")).toBeHidden();

    await page.getByRole("button", { name: "virtue ethics" }).first().click();
    await expect(page.getByRole("note")).toContainText("Aristotle");
    await expectNoSeriousA11yViolations(page);
  });

  test("the guide is usable without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/guide");
    await eventsNav(page)
      .getByRole("link", { name: /Public Forum Debate/ })
      .click();
    await expect(page).toHaveURL(/event=public-forum#event-detail$/);
    await expect(eventTitle(page)).toHaveText("Public Forum Debate");
    await page.getByRole("tab", { name: "Judges" }).click();
    await expect(page).toHaveURL(/event=public-forum&tab=judges$/);
    await expect(page.getByRole("heading", { name: "Judging criteria" })).toBeVisible();
    await context.close();
  });
});

test.describe("Competition Guide on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("without JavaScript, choosing an event opens the new page at its detail, below the list", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto("/guide");
    const speech = page
      .getByTestId("guide-accordion")
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: /^Speech/ }) });
    await speech.locator("summary").click();
    await speech.getByRole("link", { name: /Impromptu/ }).click();
    await expect(page).toHaveURL(/event=impromptu#event-detail$/);
    await expect(eventTitle(page)).toBeInViewport();
    // The page scrolls smoothly (app.css): on a busy machine the scroll is still under way when the title shows.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await context.close();
  });

  test("the list is an accordion and a choice scrolls the detail into view", async ({ page }) => {
    await page.goto("/guide");
    await waitForHydration(page);
    const accordion = page.getByTestId("guide-accordion");
    await expect(accordion).toBeVisible();
    const group = (name: string) =>
      accordion.locator("details").filter({ has: page.locator("summary", { hasText: new RegExp(`^${name}`) }) });
    const debate = group("Debate");
    const speech = group("Speech");
    await expect(debate).toHaveAttribute("open", "");
    await expect(speech).not.toHaveAttribute("open", "");
    await expect(speech.getByRole("link", { name: "Radio Speaking" })).toBeHidden();

    await speech.locator("summary").click();
    await speech.getByRole("link", { name: "Radio Speaking" }).click();
    await expect(page).toHaveURL(/event=radio$/);
    await expect(eventTitle(page)).toHaveText("Radio Speaking");
    // docs/product.md: the detail area scrolls into view after 100 ms below 1024 px.
    // It stops just below the sticky header (the page's scroll-padding-top, 80 px).
    await expect
      .poll(async () => Math.round((await page.locator("#event-detail").boundingBox())?.y ?? 999))
      .toBeLessThan(120);
    expect((await page.locator("#event-detail").boundingBox())?.y).toBeGreaterThanOrEqual(40);
    await expect(page.getByText(/Grace period:\s*5 seconds/)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a tap opens a term's definition and a second tap closes it", async ({ browser }) => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/guide");
    await waitForHydration(page);
    const term = page.getByRole("button", { name: "virtue ethics" }).first();
    await term.tap();
    await expect(page.getByRole("note", { name: "Definition of virtue ethics" })).toContainText("Aristotle");
    await term.tap();
    await expect(page.getByRole("note")).toBeHidden();
    await context.close();
  });

  test("the speech table scrolls inside its own box", async ({ page }) => {
    await page.goto("/guide?event=public-forum");
    const region = page.getByRole("region", { name: "Public Forum Debate: order of speeches" });
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
