// The live feed's limits under load (decision 0028): how many feeds
// one client address can hold, the server's memory with 500 slow feeds (from
// 50 loopback addresses, 10 each, clients that never read) while product
// changes are broadcast to them, and the time to first byte of / meanwhile.
// Usage: node bench/edge.mjs   (BENCH_PORT to move it off 4240; prints a table)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildDir, ensureBuild } from "./lib.mjs";

const port = Number(process.env.BENCH_PORT ?? 4240);
const base = `http://127.0.0.1:${port}`;
const ADMIN_PASSWORD = "Lectern@Citrus42";
const SLOW_FEEDS = 500;

ensureBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-bench-edge-"));
const child = spawn("node", ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    CITRON_LOCAL_PREVIEW: "true",
    BUILD_DIR: buildDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a feed from `localAddress`; resolves with its status and the request (left open, never read). */
function openFeed(localAddress) {
  return new Promise((resolve) => {
    const request = http.get(`${base}/products/feed`, { localAddress, agent: false }, (response) => {
      response.pause(); // a client that never reads
      resolve({ status: response.statusCode, request, response });
    });
    request.on("error", () => resolve({ status: 0, request }));
  });
}

async function ttfb(samples = 40) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      http
        .get(`${base}/?n=${i}`, { agent: false }, (response) => {
          response.once("data", () => {
            times.push(performance.now() - started);
            response.resume();
          });
          response.on("end", resolve);
        })
        .on("error", reject);
    });
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)].toFixed(1),
    p99: times[Math.floor(times.length * 0.99)].toFixed(1),
  };
}

const open = [];
try {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  const rows = [];
  rows.push(
    ["idle: RSS", `${rssMb()} MB`],
    ["idle: time to first byte of / (p50 / p99)", Object.values(await ttfb()).join(" / ") + " ms"],
  );

  // One address asks for 50 feeds.
  const mine = await Promise.all(Array.from({ length: 50 }, () => openFeed("127.0.0.1")));
  const held = mine.filter((feed) => feed.status === 200).length;
  rows.push([
    "feeds one address holds (of 50 asked)",
    `${held} (then ${mine.filter((feed) => feed.status === 429).length} × 429)`,
  ]);
  for (const feed of mine) feed.request.destroy();
  await sleep(300);

  // 500 slow feeds from 50 addresses.
  for (let i = 0; i < SLOW_FEEDS; i++) open.push(openFeed(`127.0.${2 + Math.floor(i / 10)}.1`));
  const slow = await Promise.all(open);
  rows.push([
    "slow feeds opened (10 from each of 50 addresses)",
    String(slow.filter((feed) => feed.status === 200).length),
  ]);
  await sleep(500);
  rows.push(["500 slow feeds: RSS", `${rssMb()} MB`]);

  // Broadcast product changes to them: sign in and toggle a product, 300 times.
  const signIn = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ intent: "sign-in", email: "director@example.org", password: ADMIN_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error("the demo admin could not sign in");
  const page = await (await fetch(`${base}/fees`)).text();
  const id = /product-([0-9a-f-]{36})-name/.exec(page)?.[1];
  if (!id) throw new Error("no product on /fees");
  const toggles = 600;
  const started = performance.now();
  const during = ttfb(20);
  for (let i = 0; i < toggles; i++) {
    await fetch(`${base}/admin/products`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
      body: new URLSearchParams({ intent: "toggle", id }),
    });
  }
  const duringTtfb = await during;
  await sleep(1000);
  const dropped = slow.filter(
    (feed) =>
      feed.status === 200 && (feed.response.destroyed || feed.response.complete || feed.request.socket?.destroyed),
  ).length;
  rows.push(
    [`after ${toggles} changes broadcast (${Math.round(performance.now() - started)} ms): RSS`, `${rssMb()} MB`],
    ["time to first byte of / while broadcasting (p50 / p99)", `${duringTtfb.p50} / ${duringTtfb.p99} ms`],
    [
      "slow feeds the server dropped (fell 64 kB behind)",
      `${dropped} of ${slow.filter((feed) => feed.status === 200).length}`,
    ],
  );
  console.log("| measure | value |\n|---|---|");
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  for (const feed of await Promise.all(open)) feed.request.destroy();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
