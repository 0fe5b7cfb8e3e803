// Anonymous GETs of public pages (/, /events, /guide) on the production
// server, each against the same HTML served as a static file on the same
// machine, in the same run: by nginx as issue 14 measured it, when the machine
// has it (Debian: apt-get install nginx), else by a bare node:http server in its
// own process (issue 14's goal: the site at 30% of nginx's rate or better, p99
// under 50 ms at 50 connections).
// Usage: node bench/home.mjs [seconds] [connections] [routes...]   (prints a markdown table)
//   npm run bench                    3 rounds of 5 s per target, 50 connections, /, /events, /guide
//   npm run bench -- 5 50 /guide     one route
//   ROUNDS=5 npm run bench           more rounds
// The machine's load changes the numbers a lot: each round measures the site
// and the static server in turn; the table gives the mean rate and the median
// round's percentiles of each (combineRounds), and the ratio of the two rates.
import { combineRounds, ensureBuild, freePort, load, startServer, startStaticServer } from "./lib.mjs";

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

ensureBuild();
const server = await startServer({ port: await freePort() });
const pages = new Map();
for (const route of routes) pages.set(route, await (await fetch(`${server.url}${route}`, { headers })).text());
const staticServer = await startStaticServer(pages);
const rows = [];
try {
  for (const route of routes) {
    const html = pages.get(route);
    // Warm up both, then measure.
    await load(`${server.url}${route}`, { duration: 2, connections, headers });
    await load(`${staticServer.url}${route}`, { duration: 1, connections, headers });
    const sites = [];
    const files = [];
    for (let round = 0; round < rounds; round++) {
      sites.push(await load(`${server.url}${route}`, { duration, connections, headers }));
      files.push(await load(`${staticServer.url}${route}`, { duration, connections, headers }));
    }
    rows.push({ route, kib: Math.round(html.length / 1024), site: combineRounds(sites), file: combineRounds(files) });
  }
} finally {
  await staticServer.stop();
  await server.stop();
}
console.log(`Anonymous GET, ${rounds} rounds of ${duration} s per target, ${connections} connections; static files served by ${staticServer.name}`);
console.log("| route | HTML KiB | site req/s | static req/s | ratio | site p50 ms | site p99 ms | static p99 ms | errors |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const { route, kib, site, file } of rows) {
  const ratio = `${Math.round((100 * site.requestsPerSecond) / file.requestsPerSecond)}%`;
  console.log(
    `| ${route} | ${kib} | ${site.requestsPerSecond} | ${file.requestsPerSecond} | ${ratio} | ${site.p50} | ${site.p99} | ${file.p99} | ${site.errors + file.errors} |`,
  );
}
