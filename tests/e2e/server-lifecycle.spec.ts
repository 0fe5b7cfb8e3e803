// The production server as an operator runs it (docs/operations.md): started by
// `npm start` or `node server.js`, stopped by SIGTERM within the drain time, and
// reading content/ from disk at start (decision 0012). No browser:
// each test starts its own server on a free port and a fresh data directory.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { pollUntil } from "../support/poll";

const root = path.resolve(import.meta.dirname, "../..");
/** The shutdown deadline in server/shutdown.ts: in-flight requests get this long to finish. */
const DRAIN_MS = 10_000;

// A first start on a fresh embedded database takes seconds, more on a busy machine.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const started = new Set<ChildProcess>();
// A failed test must not leave its server running.
test.afterEach(() => {
  for (const child of started) {
    if (child.exitCode === null && child.pid)
      for (const pid of [...descendants(child.pid), child.pid].filter(alive)) process.kill(pid, "SIGKILL");
  }
  started.clear();
});

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startServer(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Started {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-lifecycle-"));
  // No NODE_ENV: server.js then runs the production build as the local preview (demo content, mail to files),
  // as `npm start` does on a fresh clone.
  const { NODE_ENV: _unset, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, port: 0, output: () => output, exited };
}

/** Waits for "running at http://localhost:PORT" and returns the port. */
async function listening(server: Started): Promise<number> {
  const match = await pollUntil(
    "the server to start",
    () =>
      server.child.exitCode !== null
        ? "exited"
        : (/running at http:\/\/localhost:(\d+)/.exec(server.output()) ?? undefined),
    { timeoutMs: 180_000, everyMs: 100 },
  ).catch(() => "timed out" as const);
  if (typeof match === "string")
    throw new Error(`server ${match === "exited" ? "exited early" : "did not start"}:\n${server.output()}`);
  return Number(match[1]);
}

/** Every process below `pid` (npm, its shell, node). */
function descendants(pid: number): number[] {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function expectAllGone(pids: number[], withinMs: number) {
  await expect
    .poll(() => pids.filter(alive), { message: "processes still running after SIGTERM", timeout: withinMs })
    .toEqual([]);
}

test("SIGTERM to `node server.js` stops it within the drain time", async () => {
  const server = startServer("node", ["server.js"]);
  const port = await listening(server);
  expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  const stoppedBy = Date.now() + DRAIN_MS;
  server.child.kill("SIGTERM");
  const code = await server.exited;
  expect(Date.now()).toBeLessThan(stoppedBy);
  expect(code).toBe(0);
});

test("SIGTERM to `npm start` reaches the server: nothing is left running", async () => {
  const server = startServer("npm", ["start", "--silent"]);
  const port = await listening(server);
  expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  const tree = descendants(server.child.pid!);
  expect(tree.length).toBeGreaterThan(0);
  try {
    server.child.kill("SIGTERM");
    await server.exited;
    await expectAllGone(tree, DRAIN_MS);
    expect(server.output()).not.toContain("shutdown took over");
  } finally {
    // When the wrapper leaves the server behind, do not leave it running after the test.
    for (const pid of tree.filter(alive)) process.kill(pid, "SIGKILL");
  }
});

test.describe("content/ is read from disk at start", () => {
  // A copy of the project that shares node_modules and the build, with its own content/.
  let copy: string;
  test.beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), "citron-content-root-"));
    cpSync(path.join(root, "package.json"), path.join(copy, "package.json"));
    cpSync(path.join(root, "server.js"), path.join(copy, "server.js"));
    cpSync(path.join(root, "build"), path.join(copy, "build"), { recursive: true });
    cpSync(path.join(root, "content"), path.join(copy, "content"), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
    mkdirSync(path.join(copy, "app/db"), { recursive: true });
    symlinkSync(path.join(root, "app/db/migrations"), path.join(copy, "app/db/migrations"));
  });
  test.afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test("an edit shows after a restart, without a rebuild", async () => {
    const file = path.join(copy, "content/schools.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace('name: "Ohr Chaim Academy"', 'name: "Edited Without Rebuild Academy"'),
    );
    const server = startServer("node", ["server.js"], { cwd: copy });
    try {
      const port = await listening(server);
      const html = await (await fetch(`http://127.0.0.1:${port}/schools`)).text();
      expect(html).toContain("Edited Without Rebuild Academy");
      expect(html).not.toContain("Ohr Chaim Academy");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  test("a broken edit stops the start with the file and line named", async () => {
    const file = path.join(copy, "content/team.yaml");
    const source = readFileSync(file, "utf8");
    const line = source.split("\n").findIndex((text) => /^\s*role:/.test(text)) + 1;
    writeFileSync(file, source.replace(/^(\s*)role:/m, "$1rol:"));
    const server = startServer("node", ["server.js"], { cwd: copy });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain("content/team.yaml is not valid:");
    expect(server.output()).toContain(`line ${line}: coaches.0: Unrecognized key: "rol"`);
    expect(server.output()).toContain("The server did not start");
    expect(server.output()).not.toMatch(/running at/);
    writeFileSync(file, source);
  });
});
