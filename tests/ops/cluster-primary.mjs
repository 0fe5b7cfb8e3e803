// A cluster like the one server.js gets on the speed branch: a primary with
// server/cluster-metrics.mjs installed, and WORKERS workers each starting the
// built server on one shared port. Used by cluster-metrics.test.ts.
import cluster from "node:cluster";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (cluster.isPrimary) {
  const { installClusterMetrics } = await import("../../server/cluster-metrics.mjs");
  installClusterMetrics();
  const workers = Array.from({ length: Number(process.env.WORKERS ?? 2) }, () => cluster.fork());
  process.on("SIGTERM", () => {
    for (const worker of workers) worker.kill("SIGTERM");
  });
  let exited = 0;
  cluster.on("exit", () => {
    exited += 1;
    if (exited === workers.length) process.exit(0);
  });
} else {
  const { start } = await import(path.join(buildDir, "server/index.js"));
  await start({ clientDir: path.join(buildDir, "client") });
}
