// Anonymous GETs of public pages (/, /events, /guide) on the production
// server, each against the same HTML served as a static file by a bare
// node:http server on the same machine, in the same run (issue 14's goal: the
// site at 30% of the static rate or better, p99 under 50 ms at 50 connections).
// Usage: node bench/home.mjs [seconds] [connections] [routes...]   (prints a markdown table)
//   npm run bench                    10 s per target, 50 connections, /, /events, /guide
//   npm run bench -- 5 50 /guide     one route
// The machine's load changes the numbers a lot: run it a few times and compare
// the ratio, which is measured in the same run.
import http from "node:http";
import { ensureBuild, freePort, load, startServer } from "./lib.mjs";

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 10);
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
const staticServer = http.createServer((req, res) => {
  const html = pages.get(req.url) ?? "";
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
  res.end(html);
});
await new Promise((resolve) => staticServer.listen(0, "127.0.0.1", resolve));
const staticUrl = `http://127.0.0.1:${staticServer.address().port}`;
const rows = [];
try {
  for (const route of routes) {
    const html = await (await fetch(`${server.url}${route}`, { headers })).text();
    pages.set(route, html);
    // Warm up both, then measure.
    await load(`${server.url}${route}`, { duration: 2, connections, headers });
    await load(`${staticUrl}${route}`, { duration: 1, connections, headers });
    const site = await load(`${server.url}${route}`, { duration, connections, headers });
    const file = await load(`${staticUrl}${route}`, { duration, connections, headers });
    rows.push({ route, kib: Math.round(html.length / 1024), site, file });
  }
} finally {
  staticServer.close();
  await server.stop();
}
console.log(`Anonymous GET, ${duration} s per target, ${connections} connections`);
console.log("| route | HTML KiB | site req/s | static req/s | ratio | site p50 ms | site p99 ms | static p99 ms | errors |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const { route, kib, site, file } of rows) {
  const ratio = `${Math.round((100 * site.requestsPerSecond) / file.requestsPerSecond)}%`;
  console.log(
    `| ${route} | ${kib} | ${site.requestsPerSecond} | ${file.requestsPerSecond} | ${ratio} | ${site.p50} | ${site.p99} | ${file.p99} | ${site.errors + file.errors} |`,
  );
}
