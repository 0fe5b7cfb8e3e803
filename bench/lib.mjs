// Shared helpers for the benchmarks: start the production server on a fresh
// data directory, and run autocannon with a bounded duration.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const buildDir = process.env.BUILD_DIR ?? "build-bench";

/**
 * Builds the code as it is now into build-bench/ (a build left from an earlier
 * checkout would measure old code). With BUILD_DIR set, that build is the
 * caller's and is used as it is, once it exists.
 */
export function ensureBuild() {
  if (process.env.BUILD_DIR && existsSync(path.join(buildDir, "server/index.js"))) return;
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts `node server.js` on 127.0.0.1:port and resolves once /readyz answers. */
export async function startServer({ port, env = {} }) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "citron-bench-"));
  const child = spawn("node", ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", CITRON_LOCAL_PREVIEW: "true", BUILD_DIR: buildDir, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "error", ...env },
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
