// GET /events under load while the published sheet answers at once, in 3 s,
// and never (a local node:http server stands in for the sheet). One server
// process serves all phases, so JIT warm-up favours none; the cache time to
// live is 1 s, so background refreshes of the sheet run throughout each phase.
// Usage: node bench/events.mjs [seconds]   (prints a markdown table)
import http from "node:http";
import { readFileSync } from "node:fs";
import { ensureBuild, load, printTable, startServer } from "./lib.mjs";

const duration = Number(process.argv[2] ?? 10);
const sheet = readFileSync("content/events-sheet.csv", "utf8");

/** The sheet's answer time in ms; Infinity never answers. */
let delayMs = 0;
let sheetFetches = 0;
const sheetServer = http.createServer((_req, res) => {
  sheetFetches += 1;
  if (delayMs === Number.POSITIVE_INFINITY) return;
  setTimeout(() => res.writeHead(200, { "Content-Type": "text/csv" }).end(sheet), delayMs);
});
await new Promise((resolve) => sheetServer.listen(4311, "127.0.0.1", resolve));

ensureBuild();
const server = await startServer({
  port: 4312,
  env: {
    EVENTS_SHEET_URL: "http://127.0.0.1:4311/events.csv",
    EVENTS_CACHE_TTL_SECONDS: "1",
    EVENTS_FETCH_TIMEOUT_MS: "5000",
  },
});
try {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const page = await (await fetch(`${server.url}/events`)).text();
  if (!page.includes('data-testid="event-card"')) throw new Error("/events shows no events from the sheet");
  await load(`${server.url}/events`, { duration: 2 });

  const rows = [];
  for (const [name, delay] of [
    ["GET /events, sheet answers at once", 0],
    ["GET /events, sheet answers in 3 s", 3000],
    ["GET /events, sheet never answers (5 s timeout)", Number.POSITIVE_INFINITY],
  ]) {
    delayMs = delay;
    const before = sheetFetches;
    const result = await load(`${server.url}/events`, { duration });
    rows.push([`${name} (${sheetFetches - before} sheet fetches)`, result]);
  }
  console.log(`${duration} s per phase, 10 connections, cache TTL 1 s`);
  printTable(rows);
} finally {
  await server.stop();
  sheetServer.closeAllConnections();
  sheetServer.close();
}
