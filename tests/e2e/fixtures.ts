import { spawn } from "node:child_process";
import { connect } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { pollUntil } from "../support/poll";

export const phone = { width: 390, height: 844 };

/**
 * Fails with the list of the page's axe violations: the serious or critical ones of WCAG 2.2 AA's rules, and every
 * one of axe's best-practice rules of structure, whatever axe rates its impact (most are "moderate"): one main, the
 * landmarks unique and at the top level, all content in a landmark, no duplicate id, headings in order.
 */
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
  // Legacy mode runs axe in the page itself, without opening a blank page per check to combine frames' results:
  // half the time of a check. The site's only frames are cross-origin video players, whose own markup is not the
  // district's (their <iframe> element, its title included, is checked in the page either way).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.tags.includes("best-practice"),
  );
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

/** Whether something listens on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `check` every 200 ms until it is true or `ms` have passed; says `what` when it gives up. */
const until = (what: string, ms: number, check: () => Promise<boolean>) =>
  pollUntil(what, check, { timeoutMs: ms, everyMs: 200 });

/**
 * Each Playwright worker has a production server of its own (tests/e2e/server.mjs: a fresh data directory, and a
 * fresh PostgreSQL database when E2E_DATABASE_URL is set), on E2E_PORT + 10 × its slot: 4173, 4183, … The workers
 * share no rows, rate limits or caches, so their specs cannot collide (docs/testing.md, "Browser tests"). A worker
 * started again after a failure gets a fresh server on the same port.
 */
async function workerServer(slot: number) {
  const port = Number(process.env.E2E_BASE_PORT ?? 4173) + 10 * slot;
  const url = `http://127.0.0.1:${port}`;
  // The server of a worker that stopped after a failure may still be closing.
  await until(`port ${port} to be free`, 60_000, async () => !(await listening(port)));
  const server = spawn(process.execPath, ["tests/e2e/server.mjs"], {
    env: { ...process.env, E2E_PORT: String(port), E2E_STOP_WITH_STDIN: "1" },
    // Its stdin is this worker's: it stops when the worker is gone, however the worker ended.
    stdio: ["pipe", "ignore", "pipe"],
  });
  let output = "";
  server.stderr.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  let exited = false;
  server.once("exit", () => (exited = true));
  const ready = async () => {
    if (exited) throw new Error(`The browser tests' server on port ${port} stopped:\n${output}`);
    return fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
  };
  // A fresh database, migrated and seeded: seconds on a quiet machine, minutes on a very busy one.
  await until(`the server on port ${port}`, 240_000, ready);
  // What a worker's helpers read: the server's port (its data directory, e2eDataDir) and address (signInAs).
  process.env.E2E_PORT = String(port);
  process.env.E2E_BASE_URL = url;
  return {
    url,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await gone;
    },
  };
}

/** This worker's server address: the baseURL of its pages and requests. */
export function e2eBaseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("No browser tests' server in this process: import test from tests/e2e/fixtures.ts");
  return url;
}

export const test = base.extend<object, { e2eServer: string }>({
  e2eServer: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const server = await workerServer(workerInfo.parallelIndex);
      await provide(server.url);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 330_000 },
  ],
  baseURL: async ({ e2eServer }, provide) => provide(e2eServer),
});
export { expect };
