// `npm start` on every core (decision 0031): WORKERS processes behind one port on PostgreSQL, one on
// the embedded database; SIGTERM drains every worker. No browser: each test starts `node server.js` itself.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../support/scratch-database";
import { expect, test } from "./fixtures";
import { pollUntil } from "../support/poll";

const root = path.resolve(import.meta.dirname, "../..");
test.describe.configure({ mode: "serial", timeout: 240_000 });

const children = (pid: number) =>
  execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === pid)
    .map(([child]) => child!);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-cluster-"));
  const { NODE_ENV: _unset, WORKERS: _workers, DATABASE_URL: _url, ...inherited } = process.env;
  const child: ChildProcess = spawn("node", ["server.js"], {
    cwd: root,
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const port = async () => {
    const match = await pollUntil(
      "the server to start",
      () => {
        if (child.exitCode !== null) return `exited` as const;
        return /running at http:\/\/localhost:(\d+)/.exec(output) ?? undefined;
      },
      { timeoutMs: 180_000, everyMs: 100 },
    ).catch(() => "timed out" as const);
    if (typeof match === "string")
      throw new Error(`server ${match === "exited" ? "exited early" : "did not start"}:\n${output}`);
    return Number(match[1]);
  };
  const kill = () => {
    for (const pid of [...children(child.pid!), child.pid!].filter(alive)) process.kill(pid, "SIGKILL");
  };
  return { child, exited, port, output: () => output, kill };
}

test("on the embedded database the server is one process, and says so", async () => {
  const server = start({ WORKERS: "3" });
  try {
    const port = await server.port();
    expect(server.output()).toContain("one process: the embedded database (PGlite) cannot be shared");
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(children(server.child.pid!)).toEqual([]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    server.kill();
  }
});

test("a bad WORKERS stops the start with a message", async () => {
  const server = start({ WORKERS: "lots" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('WORKERS: expected a whole number of processes (1-64), got "lots"');
});

test.describe("on PostgreSQL", () => {
  const adminUrl = process.env.E2E_DATABASE_URL;
  test.skip(!adminUrl, "needs E2E_DATABASE_URL");

  test("WORKERS=2 serves from two processes on one port, background work in one, and SIGTERM drains both", async () => {
    const database = await createScratchDatabase(adminUrl!, "citron_cluster");
    const server = start({
      WORKERS: "2",
      DATABASE_URL: database.url,
      SESSION_SECRET: "s".repeat(40),
      LOG_LEVEL: "info",
    });
    try {
      const port = await server.port();
      await expect.poll(() => children(server.child.pid!).length).toBe(2);
      const workers = children(server.child.pid!);
      // Both workers answer: over a few connections, responses come from both process ids in the log.
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`http://127.0.0.1:${port}/mission`, { headers: { Connection: "close" } })).status).toBe(
          200,
        );
      }
      const started = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"server started"'));
      expect(started).toHaveLength(2);
      // Exactly one of them does the once-per-machine work (outbox, sweeps, clean-ups).
      expect(started.filter((line) => line.includes('"backgroundWork":true'))).toHaveLength(1);
      const servedBy = new Set(
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"path":"/mission"'))
          .map((line) => /"pid":(\d+)/.exec(line)?.[1]),
      );
      expect(servedBy.size).toBe(2);
      const stoppedBy = Date.now() + 10_000;
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(Date.now()).toBeLessThan(stoppedBy);
      expect(workers.filter(alive)).toEqual([]);
      expect(server.output().match(/"msg":"stopped"/g)).toHaveLength(2);
    } finally {
      server.kill();
      await database.drop();
    }
  });
});
