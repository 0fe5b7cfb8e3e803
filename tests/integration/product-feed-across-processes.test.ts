import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../support/scratch-database";

/**
 * Two production server processes on one PostgreSQL database: a change made
 * through one reaches an SSE client of the other (NOTIFY on commit, each
 * process's own LISTEN connection). Needs TEST_DATABASE_URL and a build
 * (`npm run build`).
 */
const root = path.resolve(import.meta.dirname, "../..");
const hasBuild = existsSync(path.join(root, "build/server/index.js"));
const ADMIN_PASSWORD = "Lectern@Citrus42";

type Server = { process: ChildProcess; url: string };

function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn("node", ["server.js"], {
      cwd: root,
      env: { ...env, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ process: child, url: `http://127.0.0.1:${match[1]}` });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
    setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000).unref();
  });
}

async function stop(server: Server | undefined) {
  if (!server || server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

describe.runIf(process.env.TEST_DATABASE_URL && hasBuild)("product feed across server processes (PostgreSQL)", () => {
  let drop = async () => {};
  let databaseUrl = "";
  let first: Server | undefined;
  let second: Server | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-feed-"));

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "citron_feed");
    drop = scratch.drop;
    databaseUrl = scratch.url;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      // The local preview: a deployment would require an https PUBLIC_URL and SMTP, and refuse the demo seed.
      CITRON_LOCAL_PREVIEW: "true",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_USER_PASSWORD: "Podium@Lime2026",
    };
    first = await startServer(env);
    // Migrated by the first; seeded on request (never automatically on PostgreSQL).
    // Not `npm run db:seed`, which reads a developer's .env.
    const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    if (seed.status !== 0) throw new Error(seed.stderr);
    second = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    await stop(first);
    await stop(second);
    await drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a toggle posted to one process reaches an SSE client of the other within a second", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string }>("select id from products where name = 'Judge Fee'");
    await client.end();
    const productId = rows[0]!.id;

    // Sign in on the first process.
    const signIn = await fetch(`${first!.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first!.url },
      body: new URLSearchParams({
        intent: "sign-in",
        email: "director@example.org",
        password: ADMIN_PASSWORD,
        redirectTo: "/orders",
      }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token=");

    // Listen on the second process.
    const abort = new AbortController();
    const feed = await fetch(`${second!.url}/products/feed`, { signal: abort.signal });
    expect(feed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(feed.headers.get("x-accel-buffering")).toBe("no");
    expect(feed.headers.get("content-encoding")).toBeNull();
    const reader = feed.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const waitFor = async (pattern: RegExp, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(received)) {
        const next = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`timed out; got ${received}`)), Math.max(1, deadline - Date.now())),
          ),
        ]);
        if (next.done) throw new Error("stream ended");
        received += next.value;
      }
    };
    await waitFor(/event: ready/, 5000);

    const started = Date.now();
    const toggle = await fetch(`${first!.url}/admin/products`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: first!.url },
      body: new URLSearchParams({ intent: "toggle", id: productId }),
    });
    expect(toggle.status).toBe(200);
    // Switched off: the shop's listeners are told it is gone, without its details (decision 0028).
    await waitFor(/event: product\ndata: .*"op":"delete"/, 1000);
    const elapsed = Date.now() - started;
    const line = received.split("\n").find((text) => text.startsWith('data: {"op"'))!;
    const message = JSON.parse(line.slice("data: ".length)) as { id: string; product: unknown };
    expect(message).toEqual({ op: "delete", id: productId, product: null });
    expect(elapsed).toBeLessThan(1000);
    abort.abort();
  }, 60_000);
});
