// Anonymous GETs of public pages (/, /events, /guide) on the production
// server, each against the same HTML served as a static file on the same
// machine, in the same run: by nginx as decision 0013 measured it, when the machine
// has it (Debian: apt-get install nginx), else by a bare node:http server in its
// own process (decision 0013's goal: the site at 30% of nginx's rate or better, p99
// under 50 ms at 50 connections).
// Then the same for a visitor with a cart (decision 0030): GET / and /fees carrying a cart cookie with one item,
// against the HTML that visitor gets, served as a static file.
// Usage: node bench/home.mjs [seconds] [connections] [routes...]   (prints a markdown table)
//   npm run bench                    3 rounds of 5 s per target, 50 connections, /, /events, /guide
//   npm run bench -- 5 50 /guide     one route
//   ROUNDS=5 npm run bench           more rounds
//   CART_ROUTES="/ /fees"            the cart visitor's routes ("" for none)
//   CART_PAGES_KEPT=0                /fees with a cart filled on every request, as a changed cart's first view is
//                                    (the bench's visitor repeats one cart: its kept page, decision 0036)
//   BENCH_DATABASE_URL=postgres://…  on a scratch PostgreSQL database (seeded), with WORKERS processes
// The machine's load changes the numbers a lot: each round measures the site
// and the static server in turn; the table gives the mean rate and the median
// round's percentiles of each (combineRounds), and the ratio of the two rates.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../tests/support/scratch-database.ts";
import {
  combineRounds,
  ensureBuild,
  freePort,
  load,
  loadavg,
  seedDatabase,
  startServer,
  startStaticServer,
} from "./lib.mjs";

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 5);
const rounds = Number(process.env.ROUNDS ?? 3);
const connections = Number(args[1] ?? 50);
const routes = args.filter((arg) => arg.startsWith("/"));
if (routes.length === 0) routes.push("/", "/events", "/guide");
// A phone, as most of the district's visitors are.
const headers = {
  "User-Agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

const cartRoutes = (process.env.CART_ROUTES ?? "/ /fees").split(/\s+/).filter(Boolean);

ensureBuild();
const env = {};
let dropDatabase = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL, "citron_bench");
  Object.assign(env, { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString("hex") });
  env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "citron-bench-"));
  dropDatabase = scratch.drop;
  seedDatabase(env);
}
const server = await startServer({ port: await freePort(), env });

/** A cart with one item in it (the first product /fees adds without a form), as its cookie. */
async function cartCookie() {
  const fees = await (await fetch(`${server.url}/fees`, { headers })).text();
  const productId = /name="intent" value="add"\/><input type="hidden" name="productId" value="([^"]+)"/.exec(fees)?.[1];
  if (!productId) throw new Error("no product to add on /fees");
  const added = await fetch(`${server.url}/fees`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productId }),
    redirect: "manual",
  });
  const cookie = added.headers.getSetCookie().find((line) => line.startsWith("citron_cart="));
  if (!cookie) throw new Error(`add to cart answered ${added.status} without a cart cookie`);
  return cookie.split(";")[0];
}

const targets = routes.map((route) => ({ name: route, route, headers }));
if (cartRoutes.length > 0) {
  const cartHeaders = { ...headers, Cookie: await cartCookie() };
  for (const route of cartRoutes) targets.push({ name: `${route} (cart)`, route, headers: cartHeaders });
}
const pages = new Map();
for (const target of targets)
  pages.set(target.name, await (await fetch(`${server.url}${target.route}`, { headers: target.headers })).text());
// The static server serves each target's HTML under a path of its own.
const staticPath = (name) => `/${Buffer.from(name).toString("hex")}`;
const staticServer = await startStaticServer(new Map([...pages].map(([name, html]) => [staticPath(name), html])));
const loadBefore = loadavg();
const rows = [];
try {
  for (const target of targets) {
    const html = pages.get(target.name);
    const site = `${server.url}${target.route}`;
    const file = `${staticServer.url}${staticPath(target.name)}`;
    // Warm up both, then measure.
    await load(site, { duration: 2, connections, headers: target.headers });
    await load(file, { duration: 1, connections, headers });
    const sites = [];
    const files = [];
    for (let round = 0; round < rounds; round++) {
      sites.push(await load(site, { duration, connections, headers: target.headers }));
      files.push(await load(file, { duration, connections, headers }));
    }
    rows.push({
      route: target.name,
      kib: Math.round(html.length / 1024),
      site: combineRounds(sites),
      file: combineRounds(files),
    });
  }
} finally {
  await staticServer.stop();
  await server.stop();
  await dropDatabase();
}
const database = env.DATABASE_URL
  ? `PostgreSQL, WORKERS=${process.env.WORKERS ?? "(the cores)"}`
  : "embedded PGlite (one process)";
console.log(
  `GET, ${rounds} rounds of ${duration} s per target, ${connections} connections, ${database}; static files served by ${staticServer.name}`,
);
console.log(`/proc/loadavg before: ${loadBefore}, after: ${loadavg()}`);
console.log(
  "| route | HTML KiB | site req/s | static req/s | ratio | site p50 ms | site p99 ms | static p99 ms | errors |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const { route, kib, site, file } of rows) {
  const ratio = `${Math.round((100 * site.requestsPerSecond) / file.requestsPerSecond)}%`;
  console.log(
    `| ${route} | ${kib} | ${site.requestsPerSecond} | ${file.requestsPerSecond} | ${ratio} | ${site.p50} | ${site.p99} | ${file.p99} | ${site.errors + file.errors} |`,
  );
}
