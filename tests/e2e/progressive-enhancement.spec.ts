// Public pages before and without JavaScript: what a visitor on a slow phone,
// or with scripts blocked, can do (decision 0012).
import type { Page } from "@playwright/test";
import { afterNextFrame, expect, phone, startScripts, test, waitForHydration } from "./fixtures";

/** Holds every script of the page (or those matching `pattern`) until `release()` is called. */
async function holdScripts(page: Page, pattern = /\/assets\/.*\.js$/) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe("on a 390 px phone whose script arrives late", () => {
  test.use({ viewport: phone });

  test("a menu opened before hydration stays open when the script runs", async ({ page }) => {
    // Hold every script until the visitor has opened the menu.
    const release = await holdScripts(page);
    await page.goto("/events", { waitUntil: "commit" });
    const menu = page.locator("header details");
    await page.getByLabel("Menu").click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.locator("details nav")).toBeVisible();
    // The chips turn into toggle buttons once React has hydrated the page.
    await expect(page.getByTestId("legend").getByRole("link").first()).toBeVisible();
    release();
    await expect(page.getByTestId("legend").getByRole("button").first()).toBeVisible();
    // Effects have run once the next frame is drawn; a late one would have closed the menu by then.
    await afterNextFrame(page);
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.locator("details nav")).toBeVisible();
    // Navigation still closes it.
    await page.locator("details nav").getByRole("link", { name: "Dress Code" }).click();
    await expect(page).toHaveURL(/\/dress-code$/);
    await expect(page.locator("details nav")).toBeHidden();
  });
});

// The forms of /contact and /donate are in the page's HTML, but their code (Conform) loads on first use (decision 0019).
test.describe("a form whose code loads when a visitor reaches for it", () => {
  test("/contact: nothing loads until the form is touched; what was typed meanwhile is kept and sent", async ({
    page,
  }) => {
    const formCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/contact-form-[^/]*\.js$/.test(request.url())) formCode.push(request.url());
    });
    await page.goto("/contact");
    await waitForHydration(page);
    expect(formCode).toEqual([]);
    await expect(page.locator("[data-live]")).toHaveCount(0);

    // The code arrives a moment after the first keystroke.
    const release = await holdScripts(page, /\/assets\/contact-form-[^/]*\.js$/);
    const form = page.locator("form#contact-form");
    await form.getByLabel("Name").click();
    await page.keyboard.type("Dana Levi");
    await expect.poll(() => formCode.length).toBe(1);
    release();
    await expect(page.locator("[data-live] form#contact-form")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Dana Levi");
    await expect(form.getByLabel("Name")).toBeFocused();

    // Live now: messages appear in the browser as the fields change (no send: the contact tests use this
    // address's allowance of messages).
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Name must be at least 2 characters.")).toBeHidden();
    await form.getByLabel("Email").fill("dana.levi@example.org");
    await expect(form.getByText("Please enter a valid email address.")).toBeHidden();
    await expect(form.getByText("Please select an inquiry purpose.")).toBeVisible();
  });

  test("/donate: an amount typed before the form is live counts once it is", async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/donation-form-[^/]*\.js$/);
    await page.goto("/donate");
    await waitForHydration(page);
    // Still plain HTML: the quick picks are links.
    await expect(page.getByRole("link", { name: "$50", exact: true })).toBeVisible();
    const amount = page.getByRole("textbox", { name: "Donation amount (USD)" });
    await amount.click();
    await page.keyboard.type("25");
    release();
    await expect(page.locator("[data-live] form#donation-form")).toBeVisible();
    await expect(amount).toHaveValue("25");
    await expect(page.getByRole("button", { name: "$50", exact: true })).toBeVisible();
    await expect(page.getByText(/^Adds \$\d+\.\d\d, so the district receives your full \$25\.00\.$/)).toBeVisible();
  });
});

test.describe("on a 390 px touch phone (decision 0041)", () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  test("/donate: a thumb scrolling past the form does not load it; a tap in a field does", async ({ page }) => {
    const formCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/donation-form-[^/]*\.js$/.test(request.url())) formCode.push(request.url());
    });
    await page.goto("/donate");
    await waitForHydration(page);
    // The swipe starts on the form, on its heading, not on a link or button: the page scrolls, nothing loads.
    const legend = page.locator("form#donation-form legend", { hasText: "Choose an amount" });
    // Low on the screen, where a thumb starts a swipe up.
    await legend.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 600));
    const box = await legend.boundingBox();
    if (!box) throw new Error("The amount's legend is not on the screen.");
    const client = await page.context().newCDPSession(page);
    const scrolledFrom = await page.evaluate(() => window.scrollY);
    const finger = (y: number) => ({ touchPoints: [{ x: Math.round(box.x + 10), y: Math.round(y) }] });
    const start = box.y + box.height / 2;
    await client.send("Input.dispatchTouchEvent", { type: "touchStart", ...finger(start) });
    for (let step = 1; step <= 10; step += 1) {
      await client.send("Input.dispatchTouchEvent", { type: "touchMove", ...finger(start - step * 30) });
    }
    await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledFrom);
    // A frame and the task after it: a handler the swipe ran has sent its request by then.
    await afterNextFrame(page);
    expect(formCode).toEqual([]);
    await expect(page.locator("[data-live]")).toHaveCount(0);

    // A tap in the amount field is reaching for the form: it loads and goes live, the field still focused.
    const amount = page.getByRole("textbox", { name: "Donation amount (USD)" });
    await amount.tap();
    await expect(page.locator("[data-live] form#donation-form")).toBeVisible();
    expect(formCode).toHaveLength(1);
    await expect(amount).toBeFocused();
    await expect(page.getByRole("button", { name: "$50", exact: true })).toBeVisible();
  });
});

test("/guide: a tab pressed before the tabs' code has arrived still opens, as a link", async ({ page }) => {
  const tabsCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/event-detail-[^/]*\.js$/.test(request.url())) tabsCode.push(request.url());
  });
  await page.route(/\/assets\/event-detail-[^/]*\.js$/, () => {
    // Never arrives.
  });
  await page.goto("/guide?event=lincoln-douglas");
  await waitForHydration(page);
  expect(tabsCode).toEqual([]);
  await page.getByRole("tab", { name: "Judges" }).click();
  await expect(page).toHaveURL(/event=lincoln-douglas&tab=judges$/);
  await expect(page.getByRole("tab", { name: "Judges" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Judging criteria" })).toBeVisible();
  expect(tabsCode.length).toBeGreaterThan(0);
});

test("a bio opened before hydration stays open when the button takes over", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/about", { waitUntil: "commit" });
  const card = page.getByRole("listitem").filter({ hasText: "Dr. Miriam Feldstein" }).first();
  await card.getByText("Read more").click();
  await expect(card.getByText(/writes the Lincoln-Douglas topic analyses/)).toBeVisible();
  release();
  await expect(card.locator("[data-bio=interactive]")).toBeVisible();
  await expect(card.getByRole("button", { name: "Read less about Dr. Miriam Feldstein" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(card.getByText(/writes the Lincoln-Douglas topic analyses/)).toBeVisible();
});

test("without JavaScript a philosophical term still opens its definition", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto("/guide");
  const definition = page.getByRole("note", { name: "Definition of deontology" }).first();
  await expect(definition).toBeHidden();
  await page.getByRole("button", { name: "deontology" }).first().click();
  await expect(definition).toBeVisible();
  await expect(definition).toContainText("Duty-based ethics");
  await page.keyboard.press("Escape");
  await expect(definition).toBeHidden();
  await context.close();
});

test("without JavaScript the event category chips filter through the server", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByTestId("legend").getByRole("link", { name: "Debate" }).click();
  await expect(page).toHaveURL(/\?type=debate#events-calendar$/);
  await expect(page.getByTestId("filter-count")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filter" }).click();
  await expect(page.getByTestId("filter-count")).toBeHidden();
  await context.close();
});

test.describe("the first paint comes before the JavaScript (paint-first.server.ts)", () => {
  test.use({ viewport: phone });

  /** When the page's scripts were requested, and when it painted first. */
  const scriptTiming = (page: Page) =>
    page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));

  for (const path of ["/", "/mission", "/fees"]) {
    test(`${path}: an anonymous visitor's page loads no script until a person moves, then it hydrates`, async ({
      page,
    }) => {
      const html = await (await page.request.get(path)).text();
      expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]*type="module"/);

      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const requested: string[] = [];
      page.on("request", (request) => {
        if (/\/assets\/.*\.js$/.test(new URL(request.url()).pathname)) requested.push(request.url());
      });
      // The page's own clock, run on at will: every timer it sets fires without the test waiting for it.
      await page.clock.install();
      await page.goto(path);
      // Painted, and then past the other pages' 3 s fallback: every timer set by then has fired, nothing started.
      await page.clock.runFor(3_500);
      await afterNextFrame(page);
      expect(requested).toEqual([]);
      expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);

      await startScripts(page);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      // (The clock's stand-in for `performance` has no resource timings: the requests are counted instead.)
      expect(requested.length).toBeGreaterThan(3);
      expect(errors).toEqual([]);
    });
  }

  test("a page that is not the same for everyone starts its scripts at the first paint, without waiting", async ({
    page,
  }) => {
    for (const [path, cookie] of [
      ["/auth", undefined],
      // Anyone carrying a session cookie (even one that is not valid any more) gets a page of their own.
      ["/mission", "citron.session_token=expired"],
    ] as const) {
      await page.context().clearCookies();
      if (cookie) await page.context().setExtraHTTPHeaders({ Cookie: cookie });
      await page.goto(path);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const timing = await scriptTiming(page);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.paint);
    }
  });

  test("once hydrated, a link navigates in the page, without a new document", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/mission");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole("banner").getByRole("link", { name: "Dress Code" }).first().click();
    await expect(page).toHaveURL(/\/dress-code$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });
});
