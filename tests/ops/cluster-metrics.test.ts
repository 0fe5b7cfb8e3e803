import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../support/scratch-database";
import { buildDir, PORT_BASE, removeDir, root, skipReason, waitFor } from "./support";

/**
 * /metrics under a cluster (several workers behind one port, decision 0029): whichever worker answers, the
 * scrape covers every worker (server/cluster-metrics.mjs in the primary), with counters summed and the
 * database's values taken once.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] ${reason}`);
const PORT = PORT_BASE + 9;
const TOKEN = "cluster-metrics-test-token";

describe.skipIf(reason)("metrics of a cluster", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.toReversed()) await cleanup();
  }, 60_000);

  it("every scrape, whichever worker answers, counts the requests of all workers", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "citron_ops_cluster");
    cleanups.push(() => scratch.drop().catch(() => {}));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-ops-cluster-"));
    cleanups.push(() => removeDir(dataDir));
    const child = spawn("node", [path.join(root, "tests/ops/cluster-primary.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        CITRON_LOCAL_PREVIEW: "true",
        BUILD_DIR: buildDir,
        WORKERS: "2",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        METRICS_TOKEN: TOKEN,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    });
    const url = `http://127.0.0.1:${PORT}`;
    // Both workers up: each prints its start line.
    await waitFor(
      "both workers to start",
      () => child.exitCode !== null || (output.match(/is running at/g) ?? []).length >= 2,
      60_000,
    );
    if (child.exitCode !== null) throw new Error(`the cluster exited:\n${output}`);
    expect((output.match(/is running at/g) ?? []).length).toBe(2);

    // Fresh connections: the primary hands them to the workers in turn (round robin, Node's default on
    // Linux), so each worker served about half. Only an aggregated scrape sees all 40.
    for (let i = 0; i < 40; i++)
      await (await fetch(`${url}/healthz`, { headers: { Connection: "close" } })).arrayBuffer();
    const scrapes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const response = await fetch(`${url}/metrics`, {
          headers: { Authorization: `Bearer ${TOKEN}`, Connection: "close" },
        });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    for (const text of scrapes) {
      expect(
        Number(/^citron_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(text)?.[1]),
      ).toBe(40);
      // One database value, not one per worker added up.
      expect(text).toMatch(/^citron_outbox_messages\{status="pending"\} 0$/m);
      expect(text).toMatch(/^citron_database_up 1$/m);
    }
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 120_000);
});
