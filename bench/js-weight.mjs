// `npm run bench:js`: on-wire JavaScript per public route, as a phone sees it:
// Chromium at 390 px, empty cache, until the network is idle; then, since an
// anonymous visitor's public page loads its scripts at the first input
// (decision 0021), a pointer moves and the page loads and hydrates. Sizes are
// the bytes received (compressed, with headers) for every script and module,
// before the input and in all, once the person has also scrolled to the end of the page.
// Exits non-zero when a route is over LIMIT_KB (default 120, decision 0021).
//   npm run bench:js                 every public route
//   npm run bench:js -- /guide /     some routes
//   VERBOSE=1 npm run bench:js       with each route's files
import { chromium } from "playwright-core";
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
const server = await startServer({ port: await freePort() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
const rows = [];
/** A person's first input, a pointer moving: the page loads its scripts then (decision 0021). */
async function startScripts(page) {
  await page.mouse.move(3, 3);
  await page.mouse.move(4, 5);
}

/**
 * Then the person reads on to the end of the page, as a person does: the wheel turns with the pointer over the page,
 * so the parts that load when a pointer reaches them (lazyUntilUsed, decision 0019) load if they would for a reader.
 */
async function scrollToEnd(page) {
  await page.mouse.move(195, 420);
  for (let step = 0; step < 60; step += 1) {
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd) break;
    await page.mouse.wheel(0, 500);
    await page.mouse.move(195, 400 + (step % 2) * 40);
    await page.waitForTimeout(100);
  }
}
try {
  // A running server has compressed its assets long before: load every route once first.
  for (const route of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    await startScripts(page);
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
    await startScripts(page);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await scrollToEnd(page);
    // Until no script has arrived for a second (the product feed of /fees keeps the network busy).
    for (let seen = -1; seen !== files;) {
      seen = files;
      await page.waitForTimeout(1000);
    }
    rows.push({ route, beforeInput, kb: bytes / 1000, files });
    if (process.env.VERBOSE) console.log(`${route}\n${list.toSorted().toReversed().join("\n")}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`On-wire JavaScript, Chromium 390 px, empty cache (limit ${limitKb} KB, once used)`);
console.log("| route | JS KB before any input | JS KB once used | files |");
console.log("|---|---:|---:|---:|");
for (const { route, beforeInput, kb, files } of rows) {
  console.log(`| ${route} | ${beforeInput.toFixed(1)} | ${kb.toFixed(1)}${kb > limitKb ? " (over)" : ""} | ${files} |`);
}
if (rows.some((row) => row.kb > limitKb)) process.exitCode = 1;
