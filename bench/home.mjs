// GET / on the production server, against the same HTML served as a static
// file by a bare node:http server on the same machine, in the same run.
// Usage: node bench/home.mjs [seconds]   (prints a markdown table)
import http from "node:http";
import { ensureBuild, load, printTable, startServer } from "./lib.mjs";

const duration = Number(process.argv[2] ?? 10);
ensureBuild();
const server = await startServer({ port: 4301 });
try {
  const html = await (await fetch(`${server.url}/`)).text();
  const staticServer = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  });
  await new Promise((resolve) => staticServer.listen(4302, "127.0.0.1", resolve));
  // Warm up both, then measure.
  await load(`${server.url}/`, { duration: 2 });
  const app = await load(`${server.url}/`, { duration });
  const file = await load("http://127.0.0.1:4302/", { duration });
  staticServer.close();
  console.log(`GET / for ${duration} s, 10 connections, HTML ${Math.round(html.length / 1024)} KiB`);
  printTable([
    ["site: GET / (server-rendered)", app],
    ["static file: same HTML", file],
  ]);
} finally {
  await server.stop();
}
