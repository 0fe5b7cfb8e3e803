// `npm run bench:js`: on-wire JavaScript per public route, as a phone sees it:
// Chromium at 390 px with touch, empty cache, until the network is idle; then,
// since an anonymous visitor's public page loads its scripts at the first input
// (decision 0021), a thumb starts to scroll and the page loads and hydrates, and
// the person reads on to the end of the page. Sizes are the bytes received
// (compressed, with headers) for every script and module, before the input and
// in all.
// Exits non-zero when a route is over LIMIT_KB (default 120, decision 0021).
//   npm run bench:js                 every public route
//   npm run bench:js -- /guide /     some routes
//   VERBOSE=1 npm run bench:js       with each route's files
import { chromium } from "playwright-core";
import { ensureChromium } from "../scripts/ensure-chromium.mjs";
import { ensureBuild, freePort, startServer } from "./lib.mjs";

const args = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const routes = args.length
  ? args
  : [
      "/",
      "/events",
      "/mission",
      "/guide",
      "/schools",
      "/fees",
      "/about",
      "/2025-nationals-team",
      "/dress-code",
      "/contact",
      "/donate",
    ];
const limitKb = Number(process.env.LIMIT_KB ?? 120);

ensureBuild();
// The browser first: a server started before a failed launch would outlive this script.
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const server = await startServer({ port: await freePort() });
const rows = [];
/**
 * A person's first input, a thumb starting to scroll the page: the page loads its scripts then (decision 0021).
 * A swipe is real touch input (touch events through Chromium's input pipeline, which scroll the page and fire the
 * page's pointer events), from the middle of the screen, as a thumb reads.
 */
async function swipe(cdp, distance) {
  const at = (y) => ({ touchPoints: [{ x: 195, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", ...at(600) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", ...at(600 - (step * distance) / 10) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

async function startScripts(cdp) {
  await swipe(cdp, 120);
}

/**
 * Then the person reads on to the end of the page with the thumb. A part that loads when a person reaches for it
 * (lazyUntilUsed, decisions 0019 and 0041) stays as HTML under a swipe; the last column taps into a form.
 */
async function scrollToEnd(page, cdp) {
  for (let step = 0; step < 60; step += 1) {
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd) break;
    await swipe(cdp, 400);
    await page.waitForTimeout(300);
  }
}
try {
  // A running server has compressed its assets long before: load every route once first.
  for (const route of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    await page.mouse.move(3, 3);
    await page.waitForTimeout(2000);
    await context.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const route of routes) {
    // A new context per route: an empty cache.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const types = new Map();
    const urls = new Map();
    const list = [];
    let bytes = 0;
    let files = 0;
    // Module preloads are not always typed "Script": go by the response's type.
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      types.set(requestId, type === "Script" || /javascript/.test(response.mimeType));
      urls.set(requestId, new URL(response.url).pathname);
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      if (!types.get(requestId)) return;
      bytes += encodedDataLength;
      files += 1;
      list.push(`${(encodedDataLength / 1000).toFixed(1).padStart(6)} ${urls.get(requestId)}`);
    });
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    const beforeInput = bytes / 1000;
    await startScripts(cdp);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await scrollToEnd(page, cdp);
    // Until no script has arrived for a second (the product feed of /fees keeps the network busy).
    const settle = async () => {
      for (let seen = -1; seen !== files;) {
        seen = files;
        await page.waitForTimeout(1000);
      }
    };
    await settle();
    const read = { kb: bytes / 1000, files };
    // Then the person taps into the page's first form, if it has one: what using it adds (reported, no limit).
    const field = page.locator("main form :is(input:not([type=hidden]), textarea, select):visible").first();
    let inUse = null;
    if (await field.count()) {
      await field.focus();
      await settle();
      inUse = bytes / 1000;
    }
    rows.push({ route, beforeInput, kb: read.kb, files: read.files, inUse });
    if (process.env.VERBOSE) console.log(`${route}\n${list.toSorted().toReversed().join("\n")}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`On-wire JavaScript, Chromium 390 px, empty cache (limit ${limitKb} KB, read to the end)`);
console.log("| route | JS KB before any input | JS KB read to the end | files | with its form in use |");
console.log("|---|---:|---:|---:|---:|");
for (const { route, beforeInput, kb, files, inUse } of rows) {
  const over = kb > limitKb ? " (over)" : "";
  const form = inUse === null ? "no form" : inUse.toFixed(1);
  console.log(`| ${route} | ${beforeInput.toFixed(1)} | ${kb.toFixed(1)}${over} | ${files} | ${form} |`);
}
if (rows.some((row) => row.kb > limitKb)) process.exitCode = 1;
