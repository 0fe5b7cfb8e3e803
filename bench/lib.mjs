// Shared helpers for the benchmarks: start the production server on a fresh
// data directory, and run autocannon with a bounded duration.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { createScratchDatabase } from "../tests/support/scratch-database.ts";

export const buildDir = process.env.BUILD_DIR ?? "build-bench";

/**
 * Builds the code as it is now into build-bench/ (a build left from an earlier
 * checkout would measure old code). With BUILD_DIR set, that build is the
 * caller's and is used as it is, once it exists.
 */
export function ensureBuild() {
  if (process.env.BUILD_DIR && existsSync(path.join(buildDir, "server/index.js"))) return;
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Seeds the database `env` points at (scripts/db-seed.ts: the demo accounts and content); exits on failure. */
export function seedDatabase(env) {
  const seed = spawnSync("npx", ["tsx", "scripts/db-seed.ts"], {
    env: { ...process.env, ...env, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

/** Signs in through /auth's form and answers the session cookie to send with later requests. */
export async function signInCookie(baseUrl, { email, password }) {
  const body = new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/orders" });
  const signIn = await fetch(`${baseUrl}/auth`, { method: "POST", body, redirect: "manual" });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.includes("session"))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed with status ${signIn.status}`);
  return cookie;
}

/** Starts `node server.js` on 127.0.0.1:port and resolves once /readyz answers. */
export async function startServer({ port, env = {} }) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "citron-bench-"));
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
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: a first start seeds a new PGlite, slow on a busy machine.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine's load averages (1, 5, 15 min): other people's work on the same cores moves every figure. */
export function loadavg() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  }
}

/** Runs autocannon and returns requests/s and latency percentiles in ms. */
export async function load(url, { duration = 10, connections = 10, headers } = {}) {
  const result = await autocannon({ url, duration, connections, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Several load() results of one target as one: mean requests/s, and the median
 * round's p50 and p99. Targets measured in turn, round after round, share the
 * machine's drift (a neighbour, heat) instead of one target taking all of it.
 */
export function combineRounds(results) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

export function printTable(rows) {
  console.log("| target | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, r] of rows) console.log(`| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}

/** A free TCP port on 127.0.0.1 (benches of several people may share the machine). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** nginx, when the machine has it (Debian: `apt-get install nginx`); the bench then compares against it. */
function findNginx() {
  for (const candidate of [
    process.env.NGINX,
    "/usr/sbin/nginx",
    "/usr/local/sbin/nginx",
    "/usr/local/nginx/sbin/nginx",
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Serves the given pages (path -> HTML) as static files from another process:
 * nginx when installed (as decision 0013 measured: Debian's defaults, a worker per
 * core, sendfile), otherwise a bare node:http server answering from
 * pre-encoded buffers. Never in the bench's own process, which runs autocannon.
 */
export async function startStaticServer(pages) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-static-"));
  // nginx's workers drop root for an unprivileged user, who must be able to read the files.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const root = path.join(dir, "root");
  const files = {};
  for (const [route, html] of pages) {
    const file = route === "/" ? "/index.html" : `${route}.html`;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), html);
    files[route] = file;
  }
  const nginx = findNginx();
  let child;
  if (nginx) {
    mkdirSync(path.join(dir, "logs"));
    writeFileSync(
      path.join(dir, "nginx.conf"),
      `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  types { text/html html; }
  default_type text/html;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = / { try_files /index.html =404; }
    location / { try_files $uri.html $uri =404; }
  }
}
`,
    );
    child = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  } else {
    const script = `
      const http = require("node:http"), fs = require("node:fs");
      const files = new Map(Object.entries(${JSON.stringify(files)}).map(([r, f]) => [r, fs.readFileSync(${JSON.stringify(root)} + f)]));
      http.createServer((req, res) => {
        const body = files.get(req.url.split("?")[0]);
        if (!body) { res.writeHead(404).end(); return; }
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
        res.end(body);
      }).listen(${port}, "127.0.0.1");`;
    child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}${pages.keys().next().value}`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    name: nginx ? "nginx" : "node:http",
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo admin a seeded bench database has (DEMO_ADMIN_PASSWORD below). */
export const benchAdmin = { email: "director@example.org", password: "Lectern@Citrus42" };

/**
 * The production build on a fresh scratch PostgreSQL database (`name`) under `adminUrl`, seeded with the demo content
 * and the browser tests' events sheet: the server, the database's address for the bench's own rows, and `stop()`,
 * which stops the server and drops the database.
 */
export async function startSeededPostgres(adminUrl, name) {
  ensureBuild();
  const scratch = await createScratchDatabase(adminUrl, `citron_bench_${name}`);
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `citron-bench-${name}-`)),
    DATABASE_URL: scratch.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DEMO_ADMIN_PASSWORD: benchAdmin.password,
    DEMO_USER_PASSWORD: "Podium@Lime2026",
    EVENTS_SHEET_URL: "tests/fixtures/events-e2e.csv",
  };
  seedDatabase(env);
  const server = await startServer({ port: await freePort(), env });
  return {
    server,
    databaseUrl: scratch.url,
    async stop() {
      await server.stop();
      await scratch.drop();
    },
  };
}
