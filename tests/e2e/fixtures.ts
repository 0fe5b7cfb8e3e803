import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const phone = { width: 390, height: 844 };

/** Fails with the list of serious or critical axe violations on the page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A settled page: a toast or dialog still fading in is checked at partial opacity, and its text fails contrast.
  // Finite animations and transitions only (a spinner's never ends).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Resolves after the page's next frame and the task that follows it: by then React has run the effects of
 * what it last rendered, and a handler that sends something has sent it. A condition, not a fixed wait.
 */
export async function afterNextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

/**
 * Gives the page the first sign of a person, a pointer moving over it: an anonymous visitor's public page
 * starts its scripts then, not before (docs/decisions/0021-public-pages-start-on-first-use.md).
 */
export async function startScripts(page: Page) {
  await page.mouse.move(3, 3);
  await page.mouse.move(4, 5);
}

/**
 * Waits until React has hydrated the page, so clicks reach its handlers: the root marks <html data-hydrated> in its
 * effect (app/root.tsx), which runs after every child's. A condition, not a quiet network (a page with a live feed,
 * such as /fees, never goes quiet).
 */
export async function waitForHydration(page: Page) {
  await startScripts(page);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Reaches for a part of the page whose code loads on first use (lazyUntilUsed: the forms of /contact and
 * /donate), as a person's pointer would, and waits until it is live.
 */
export async function reachFor(page: Page, selector: string) {
  await page.locator(selector).hover();
  await expect(page.locator(`[data-live] ${selector}`)).toBeVisible();
}

export const test = base;
export { expect };
