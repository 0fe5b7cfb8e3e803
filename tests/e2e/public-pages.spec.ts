import { expect, expectNoSeriousA11yViolations, phone, startScripts, test, waitForHydration } from "./fixtures";

const pages = ["/", "/mission", "/schools", "/about", "/2025-nationals-team", "/dress-code"] as const;

test.describe("home", () => {
  test("shows the hero, purpose, events slot, three testimonials and the closing call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Citron Online District" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Involved", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why an online district?" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming Events" })).toBeVisible();
    const testimonials = page.getByRole("region", { name: "In our students' words" }).getByRole("figure");
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.first()).toContainText("Talia R.");
    await expect(testimonials.first()).toContainText("Bergen Torah Academy, Class of 2026");
    await expect(page.getByRole("link", { name: "Get Involved Today" })).toBeVisible();
  });

  test("carries the NGO markup with its 501(c)(3) status and the page's meta tags", async ({ page }) => {
    await page.goto("/");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "NGO", nonprofitStatus: "Nonprofit501c3", name: "Citron Online District" });
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
    const image = await page.request.get("/og-image.png");
    expect(image.headers()["content-type"]).toBe("image/png");
  });
});

test("mission: statement, vision, six core values, What We Provide and direct links", async ({ page }) => {
  await page.goto("/mission");
  await expect(page.getByRole("heading", { level: 1, name: "Our Mission" })).toBeVisible();
  await expect(page.getByText("Every student who keeps a day of rest still gets a national stage.")).toBeVisible();
  const values = page.getByRole("region", { name: "Our Core Values" }).getByRole("heading", { level: 3 });
  await expect(values).toHaveText([
    "Inclusivity",
    "Excellence",
    "Leadership Development",
    "Community",
    "Innovation",
    "National Impact",
  ]);
  const provide = page.getByRole("region", { name: "What We Provide" }).getByRole("heading", { level: 3 });
  await expect(provide).toHaveText([
    "Professional Coaching",
    "Competitive Opportunities",
    "National Championship Pathways",
  ]);
  await expect(page.getByRole("link", { name: "our coaches and boards" })).toHaveAttribute("href", "/about");
  await expect(page.getByRole("link", { name: "our 2025 Nationals team" })).toHaveAttribute(
    "href",
    "/2025-nationals-team",
  );
  await expect(page.getByRole("link", { name: "Get Involved", exact: true })).toBeVisible();
});

test.describe("member schools", () => {
  const cards = (page: import("@playwright/test").Page) =>
    page.getByRole("list", { name: "Member schools" }).getByRole("listitem");

  test("filters by state without JavaScript through a GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/schools");
    await expect(page.getByRole("heading", { level: 1, name: "Member Schools" })).toBeVisible();
    const filter = page.getByLabel("Filter by state");
    await expect(filter.locator("option")).toHaveText([
      "All States",
      "California",
      "Colorado",
      "Florida",
      "Illinois",
      "Kansas",
      "New Jersey",
      "New York",
      "Pennsylvania",
    ]);
    await expect(cards(page)).toHaveCount(26);
    await filter.selectOption({ label: "Kansas" });
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/\/schools\?state=KS$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId("schools-count")).toHaveText("Showing 1 school in Kansas");
    await context.close();
  });

  test("filters instantly with JavaScript, keeping the URL in step", async ({ page }) => {
    await page.goto("/schools");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Apply filter" })).toBeHidden();
    const filter = page.getByLabel("Filter by state");
    await filter.selectOption("NJ");
    await expect(page).toHaveURL(/\?state=NJ$/);
    await expect(cards(page)).toHaveCount(4);
    for (const state of await page.getByTestId("school-state").allTextContents()) expect(state).toBe("New Jersey");
    await filter.selectOption("");
    await expect(page).toHaveURL(/\/schools$/);
    await expect(cards(page)).toHaveCount(26);
    // A shared link opens filtered.
    await page.goto("/schools?state=co");
    await expect(cards(page)).toHaveCount(2);
    await expect(filter).toHaveValue("CO");
  });

  test("a state chosen before the page's scripts run is applied once they do", async ({ page }) => {
    await page.goto("/schools");
    // The choice is the first input (focus, then the option): the scripts start with it, and React finds the
    // select already changed.
    await page.getByLabel("Filter by state").focus();
    await page.getByLabel("Filter by state").selectOption("FL");
    await expect(page).toHaveURL(/\?state=FL$/);
    await expect(page.getByTestId("schools-count")).toHaveText(/in Florida$/);
    for (const state of await page.getByTestId("school-state").allTextContents()) expect(state).toBe("Florida");
  });

  test("cards link to the school's site in a new tab and fall back to a placeholder logo", async ({ page }) => {
    await page.route("**/images/schools/bergen-torah-academy.svg", (route) => route.abort());
    await page.goto("/schools?state=NJ");
    await waitForHydration(page);
    const link = page.getByRole("link", { name: /Bergen Torah Academy/ });
    await expect(link).toHaveAttribute("href", "https://bergen-torah-academy.example.org/");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("img", { name: "Bergen Torah Academy logo" })).toHaveAttribute(
      "src",
      "/images/schools/placeholder.svg",
    );
    await expect(page.getByRole("img", { name: "Netzach Academy of Passaic logo" })).toHaveAttribute(
      "src",
      /netzach-academy-of-passaic\.svg$/,
    );
    await expect(page.getByRole("heading", { name: "Want your school to join?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact the District" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("team", () => {
  test("read more and read less announce their state", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 3, name: "Dr. Miriam Feldstein" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Read more about Dr. Miriam Feldstein" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const bio = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(bio).toHaveCSS("max-height", "140px");
    await expect(bio).not.toContainText("writes the Lincoln-Douglas topic analyses");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Read less about Dr. Miriam Feldstein" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(bio).toContainText("writes the Lincoln-Douglas topic analyses");
    await page.getByRole("button", { name: "Read less about Dr. Miriam Feldstein" }).click();
    await expect(bio).not.toContainText("writes the Lincoln-Douglas topic analyses");
    // A bio within 350 characters has no toggle.
    await expect(page.getByRole("button", { name: /Read more about Leah Goldberg-Ortiz/ })).toHaveCount(0);
  });

  test("specialty chips link to the guide, Policy Debate does not, and both boards show", async ({ page }) => {
    await page.goto("/about");
    const chips = page.getByRole("list", { name: "Specialties of Dr. Miriam Feldstein" });
    await expect(chips.getByRole("link", { name: "Lincoln-Douglas Debate" })).toHaveAttribute(
      "href",
      "/guide?event=lincoln-douglas",
    );
    await expect(chips.getByRole("link", { name: "Public Forum Debate" })).toHaveAttribute(
      "href",
      "/guide?event=public-forum",
    );
    await expect(chips.getByText("Policy Debate")).toBeVisible();
    await expect(chips.getByRole("link", { name: "Policy Debate" })).toHaveCount(0);
    await page
      .getByRole("list", { name: "Specialties of Jonathan Mizrahi" })
      .getByRole("link", { name: "Radio Speaking" })
      .click();
    await expect(page).toHaveURL(/\/guide\?event=radio-speaking$/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 3, name: "Board of Directors" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Student Leadership Board" })).toBeVisible();
  });

  test("without JavaScript the whole bio is one click away", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    const card = page.getByRole("listitem").filter({ hasText: "Dr. Miriam Feldstein" });
    await expect(card.getByText("writes the Lincoln-Douglas topic analyses")).toBeHidden();
    await card.getByText("Read more").click();
    await expect(card.getByText(/writes the Lincoln-Douglas topic analyses/)).toBeVisible();
    await context.close();
  });
});

test.describe("nationals", () => {
  test("shows the banner, tournament facts, supporter and 21 qualifiers with toggles", async ({ page }) => {
    await page.goto("/2025-nationals-team");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Nationals" })).toBeVisible();
    const about = page.getByRole("region", { name: "About the National Tournament" });
    await expect(about).toContainText("founded in 1931");
    await expect(about).toContainText("more than 6,000");
    await expect(about).toContainText("largest academic competition");
    const supporter = page.getByRole("link", { name: /Harborview Community Foundation/ });
    await expect(supporter).toHaveAttribute("target", "_blank");
    await expect(supporter).toHaveAttribute("rel", /noopener/);
    const team = page.locator("#team");
    await expect(team.getByRole("listitem")).toHaveCount(21);

    // Over 200 characters: a toggle; 200 or fewer: none.
    await expect(page.getByRole("button", { name: /Read more about Benjamin T\./ })).toHaveCount(0);
    const toggle = page.getByRole("button", { name: "Read more about Ariella K." });
    const bio = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(bio).not.toContainText("tutors middle school math");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Read less about Ariella K." })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(bio).toContainText("tutors middle school math");
  });

  test("the intro button scrolls to the team section", async ({ page }) => {
    await page.goto("/2025-nationals-team");
    await waitForHydration(page);
    const heading = page.getByRole("heading", { name: "The 2025 Nationals Team" });
    await expect(heading).not.toBeInViewport();
    await page.getByRole("link", { name: "Meet the Team" }).click();
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/#team$/);
    await expect(page.locator("#team")).toBeFocused();
  });
});

test("dress code lists every rule of docs/product.md", async ({ page }) => {
  await page.goto("/dress-code");
  await expect(page.getByRole("heading", { level: 1, name: "Dress Code" })).toBeVisible();
  await expect(page.getByText(/business casual.*college interview/i).first()).toBeVisible();
  const dont = page.getByRole("heading", { name: "Do not wear" }).locator("..");
  for (const item of [
    "Jeans",
    "Shorts",
    "Hoodies",
    "Sneakers",
    "Flashy colors",
    "Athletic wear",
    "Excess jewelry",
    "Hats, unless worn for religious reasons",
  ]) {
    await expect(dont.getByText(item, { exact: true })).toBeVisible();
  }
  for (const heading of ["Male attire", "Female attire", "On a video call", "Reminders"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("When in doubt, choose the more conservative option.")).toBeVisible();
  await expect(page.getByText("The dress code is enforced at district tournaments.")).toBeVisible();
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toMatch(/<loc>http[^<]+\/2025-nationals-team<\/loc>/);
  expect(xml).not.toContain("/orders");
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toMatch(/Sitemap: http\S+\/sitemap\.xml/);
});

test("each page has its own title, description and canonical URL", async ({ page }) => {
  const titles = new Set<string>();
  for (const path of pages) {
    await page.goto(path);
    titles.add(await page.title());
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${path === "/" ? "/" : path}$`),
    );
  }
  expect(titles.size).toBe(pages.length);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: phone });
  test("no page scrolls sideways and the main actions are at least 44 px tall", async ({ page }) => {
    for (const path of pages) {
      await page.goto(path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
    }
    await page.goto("/2025-nationals-team");
    expect((await page.getByRole("link", { name: "Meet the Team" }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.goto("/schools");
    expect((await page.getByLabel("Filter by state").boundingBox())?.height).toBeGreaterThanOrEqual(44);
  });
});

test("axe finds no serious violations on any of these pages, once hydrated", async ({ page }) => {
  test.setTimeout(60_000);
  for (const path of pages) {
    await page.goto(path);
    await startScripts(page);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await test.step(path, () => expectNoSeriousA11yViolations(page));
  }
});
