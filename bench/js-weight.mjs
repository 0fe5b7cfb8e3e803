// `npm run bench:js`: on-wire JavaScript per public route, as a phone sees it:
// Chromium at 390 px, empty cache, until the network is idle. Sizes are the
// bytes received (compressed, with headers) for every script and module.
// Exits non-zero when a route is over LIMIT_KB (default 120, issue 14).
//   npm run bench:js                 every public route
//   npm run bench:js -- /guide /     some routes
//   VERBOSE=1 npm run bench:js       with each route's files
import { chromium } from "playwright-core";
import { ensureBuild, freePort, startServer } from "./lib.mjs";

const args = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const routes = args.length
  ? args
  : ["/", "/events", "/mission", "/guide", "/schools", "/fees", "/about", "/2025-nationals-team", "/dress-code", "/contact", "/donate"];
const limitKb = Number(process.env.LIMIT_KB ?? 120);

ensureBuild();
const server = await startServer({ port: await freePort() });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const rows = [];
try {
  // A running server has compressed its assets long before: load every route once first.
  for (const route of routes) {
    const context = await browser.newContext();
    await (await context.newPage()).goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    await context.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const route of routes) {
    // A new context per route: an empty cache.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
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
    rows.push({ route, kb: bytes / 1000, files });
    if (process.env.VERBOSE) console.log(`${route}\n${list.toSorted().toReversed().join("\n")}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`On-wire JavaScript, Chromium 390 px, empty cache, until network idle (limit ${limitKb} KB)`);
console.log("| route | JS KB | files |");
console.log("|---|---:|---:|");
for (const { route, kb, files } of rows) console.log(`| ${route} | ${kb.toFixed(1)}${kb > limitKb ? " (over)" : ""} | ${files} |`);
if (rows.some((row) => row.kb > limitKb)) process.exitCode = 1;
