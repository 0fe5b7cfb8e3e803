// Entry point. `npm start`: builds once when no build exists, then starts the
// server bundle (server/app.ts), which migrates the database, seeds the
// embedded default on its first run and serves the site.
// `npm run dev` (`node server.js --dev`): the same server with Vite in
// middleware mode, so route modules reload on every request.
// On PostgreSQL, `npm start` runs WORKERS server processes (default: the
// machine's cores) behind one port: server/cluster.mjs.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

if (process.argv.includes("--dev")) {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const devServer = await createServer({ server: { middlewareMode: true } });
  const { start } = await devServer.ssrLoadModule("./server/app.ts");
  await start({ clientDir, devServer });
} else {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) {
    console.warn("No build found: building the site first (npm run build)...");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // Without NODE_ENV, `npm start` is the fresh clone's local preview: the production build with demo
  // content and mail written to files. A deployment sets NODE_ENV=production itself (docs/operations.md).
  if (!process.env.NODE_ENV) {
    process.env.NODE_ENV = "production";
    process.env.CITRON_LOCAL_PREVIEW ??= "true";
  }
  // Every core on PostgreSQL (WORKERS; decision 0031): this process then only runs the workers.
  const { BACKGROUND_ENV, runPrimary, workerCount } = await import("./server/cluster.mjs");
  let workers;
  try {
    workers = cluster.isPrimary ? workerCount() : { count: 1, note: null };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (workers.note) console.warn(workers.note);
  if (cluster.isPrimary && workers.count > 1) {
    console.warn(`Starting ${workers.count} server processes (WORKERS=${workers.count})`);
    runPrimary(workers.count);
  } else {
    // A lone process does the background work itself; in a cluster, the primary chose one worker for it.
    process.env[BACKGROUND_ENV] ??= "1";
    const { start } = await import(serverBuild);
    await start({ clientDir });
  }
}
