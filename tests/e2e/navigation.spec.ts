import { expect, expectNoSeriousA11yViolations, phone, test, waitForHydration } from "./fixtures";
import { signIn } from "./auth-helpers";

const links = [
  ["Our Mission", "/mission"],
  ["Competition Guide", "/guide"],
  ["Dress Code", "/dress-code"],
  ["Our Schools", "/schools"],
  ["Team", "/about"],
  ["Event Schedule", "/events"],
  ["Nationals", "/2025-nationals-team"],
  ["Contact", "/contact"],
  ["Donate", "/donate"],
  ["Shopping Cart", "/fees"],
] as const;

test.describe("navigation on a 1280 px desktop", () => {
  test("shows the ten links in order and marks the current page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link")).toHaveText(links.map(([label]) => label));
    await waitForHydration(page);
    await nav.getByRole("link", { name: "Our Schools" }).click();
    await expect(page).toHaveURL(/\/schools$/);
    await expect(nav.getByRole("link", { name: "Our Schools" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Team" })).not.toHaveAttribute("aria-current", "page");
    await page.getByRole("banner").getByRole("link", { name: "Citron Online District" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the home hero shows the name, vision and View Events", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Citron Online District" })).toBeVisible();
    // The vision is content/mission.yaml's (docs/product.md#identity; registration.spec.ts reads the file).
    await expect(
      page.getByText(/Every student who keeps a day of rest still gets a national stage\./).first(),
    ).toBeVisible();
    await page.getByRole("link", { name: "View Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});

test.describe("navigation on a 390 px phone", () => {
  test.use({ viewport: phone });

  test("the menu opens, a link works, and the menu closes", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const desktopNav = page.locator("header nav.hidden");
    await expect(desktopNav).toBeHidden();
    const menuButton = page.getByLabel("Menu");
    await menuButton.click();
    const menu = page.locator("details nav");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveCount(10);
    await menu.getByRole("link", { name: "Dress Code" }).click();
    await expect(page).toHaveURL(/\/dress-code$/);
    await expect(menu).toBeHidden();
    await menuButton.click();
    await expect(menu.getByRole("link", { name: "Dress Code" })).toHaveAttribute("aria-current", "page");
    // Escape closes it and gives focus back to its button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.locator("details > summary")).toBeFocused();
  });

  test("the menu works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await page.locator("details nav").getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await context.close();
  });

  test("no page scrolls sideways", async ({ page }) => {
    for (const [, path] of links) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test("an unknown path shows the 404 page with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

// A public page's loader that fails (the sandbox checkout refuses an unknown session with a 404) is caught by the
// public layout, so the visitor keeps the site's header and footer, with and without JavaScript.
for (const javaScriptEnabled of [true, false]) {
  test(`a public page whose loader fails keeps the header and footer (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const response = await page.goto("/checkout/sandbox?session_id=no-such-session");
    expect(response?.status()).toBe(404);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link", { name: "Our Mission" })).toHaveAttribute("href", "/mission");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });
}

test("the skip link is the first stop and moves focus to the content", async ({ page }) => {
  await page.goto("/mission");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("#main")).toBeFocused();
});

test("stale mission links redirect permanently", async ({ request }) => {
  const team = await request.get("/team", { maxRedirects: 0 });
  expect(team.status()).toBe(301);
  expect(team.headers().location).toBe("/about");
  const nationals = await request.get("/nationals-team-2025", { maxRedirects: 0 });
  expect(nationals.status()).toBe(301);
  expect(nationals.headers().location).toBe("/2025-nationals-team");
});

test("responses carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-request-id"]).toBeTruthy();
  // Anonymous public pages may be shared by a CDN for a short time (docs/decisions/0013-public-page-cache.md);
  // anything else is private.
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  expect(headers["vary"]).toContain("Cookie");
  expect((await request.get("/auth")).headers()["cache-control"]).toContain("no-cache");
});

test("health checks answer for load balancers", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

// Axe once per page state: /events and /contact as they first load at 1280 px are checked by their own specs
// (events.spec.ts, contact.spec.ts), the public pages once hydrated by public-pages.spec.ts.
const checkedElsewhere = new Set(["/events", "/contact"]);

test.describe("accessibility", () => {
  for (const path of ["/", ...links.map(([, p]) => p).filter((p) => !checkedElsewhere.has(p)), "/no-such-page"]) {
    test(`axe finds no serious violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("signed in on a 1280 px desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header's Admin Panel and Sign Out fit beside the ten links: nothing scrolls sideways", async ({ page }) => {
    await signIn(page, "admin", "/");
    const banner = page.getByRole("banner");
    const signOut = banner.getByRole("button", { name: "Sign Out" });
    await expect(banner.getByRole("link", { name: "Admin Panel" })).toBeVisible();
    await expect(signOut).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  test("a dialog opened from a link gives focus back to that link when it closes (keyboard)", async ({ page }) => {
    await signIn(page, "admin", "/admin/users");
    await waitForHydration(page);
    const add = page.getByRole("link", { name: "Add New User" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });
});
