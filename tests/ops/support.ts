/**
 * What the two-instance and fault suites share (decision 0029): production
 * server processes on one scratch PostgreSQL database, reached through a TCP
 * gate the tests can close (a database outage) and open again; an SMTP server
 * that counts deliveries; the local Stripe stand-in; a visitor with a cookie
 * jar and an address of its own (the instances trust X-Forwarded-For from
 * 127.0.0.1, as behind one proxy). Only 127.0.0.1 traffic; every wait is
 * bounded in count and time.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { createScratchDatabase } from "../support/scratch-database";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { pollUntil } from "../support/poll";

export const root = path.resolve(import.meta.dirname, "../..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const ADMIN_EMAIL = "director@example.org";
export const ADMIN_PASSWORD = "Lectern@Citrus42";
export const WEBHOOK_SECRET = "whsec_ops_suite_secret";
/** Ports 4250-4269 on a shared machine (OPS_PORT_BASE moves them). */
export const PORT_BASE = Number(process.env.OPS_PORT_BASE ?? 4250);

/** Why the suite cannot run here, or null. Printed once, so a skip never passes unnoticed. */
export function skipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL) {
    return "the two-instance and fault suites need PostgreSQL: set TEST_DATABASE_URL (they are skipped on PGlite)";
  }
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    return `the two-instance and fault suites need the production build in ${buildDir} (npm run build)`;
  }
  return null;
}

/**
 * A pause of a load loop (its pace), a stand-in's latency or a bound: never to wait for something to happen
 * (waitFor). Each call says why on its line (tests/lint/fixed-waits.test.ts).
 */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)); // fixed wait: see above

/** Polls `check` every `everyMs` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export const waitFor = <T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> => pollUntil(what, check, { timeoutMs, everyMs });

export type Instance = {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Every JSON log line the process wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  output: () => string;
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  stop(): Promise<{ code: number | null; ms: number }>;
};

/** Starts `node server.js` from the build; resolves once /readyz answers 200. */
export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `citron-ops-${name}-`));
  const child = spawn("node", ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The local preview: a deployment would require https and refuse http PUBLIC_URLs on 127.0.0.1.
      CITRON_LOCAL_PREVIEW: "true",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // As behind one load balancer on this machine: the visitor's address comes from X-Forwarded-For.
      TRUST_PROXY: "loopback",
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_USER_PASSWORD: "Podium@Lime2026",
      EVENTS_SHEET_URL: "tests/fixtures/events-e2e.csv",
      // One process per instance: each instance's page cache is then one cache (the cluster has its own tests).
      WORKERS: "1",
      // The background timers short, so no test waits out a production one (a minute's sweep and lease, the
      // outbox's 3 s poll and 15 s first retry): what they prove does not depend on their length.
      CHECKOUT_SWEEP_INTERVAL_MS: "1000",
      CHECKOUT_SWEEP_LEASE_MS: "3000",
      OUTBOX_POLL_MS: "200",
      OUTBOX_RETRY_MS: "500",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Instance["logs"] = [];
  let text = "";
  let partial = "";
  const onData = (chunk: Buffer) => {
    const piece = chunk.toString("utf8");
    text = (text + piece).slice(-200_000);
    partial += piece;
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance: Instance = {
    name,
    port,
    url,
    process: child,
    logs,
    output: () => text,
    async stop() {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const hung = sleep(20_000).then(() => "timeout" as const); // fixed wait: a bound, reached only by a hung exit
      const code = await Promise.race([exited, hung]);
      if (code === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      return { code: code === "timeout" ? null : code, ms: Date.now() - started };
    },
  };
  const state = await pollUntil(
    `${name} to become ready`,
    async () =>
      child.exitCode !== null
        ? ("exited" as const)
        : await fetch(`${url}/readyz`).then(
            (response) => response.ok && ("ready" as const),
            () => false as const,
          ),
    { timeoutMs: 90_000, everyMs: 100 },
  ).catch(() => "timed out" as const);
  if (state === "ready") return instance;
  if (state === "exited") throw new Error(`${name} exited with ${child.exitCode}:\n${text}`);
  await instance.stop();
  throw new Error(`${name} did not become ready within 90 s:\n${text}`);
}

/** Seeds the demo content (the only way it reaches PostgreSQL). */
export function seed(databaseUrl: string, sessionSecret: string): void {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-ops-seed-"));
  // Not `npm run db:seed`, which reads a developer's .env.
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      CITRON_LOCAL_PREVIEW: "true",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret,
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_USER_PASSWORD: "Podium@Lime2026",
      LOG_LEVEL: "warn",
    },
    encoding: "utf8",
    timeout: 120_000,
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`db:seed failed: ${result.stderr}${result.stdout}`);
}

/**
 * A TCP gate in front of PostgreSQL: `down()` refuses new connections and cuts
 * every open one (as a restart does), `up()` lets them through again.
 */
export async function startDatabaseGate(port: number, target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(socket);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(socket);
      sockets.delete(upstream);
      socket.destroy();
      upstream.destroy();
    };
    socket.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    socket.pipe(upstream).pipe(socket);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen();
  return {
    port,
    get connections() {
      return sockets.size / 2;
    },
    async down() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    up: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

/** The scratch database's URL, reached through the gate instead. */
export function throughGate(databaseUrl: string, gatePort: number): string {
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(gatePort);
  return url.toString();
}

export type Delivered = { messageId: string; to: string[]; subject: string };

/**
 * An SMTP server that records each delivery's Message-ID. `refuseFor(ms)` and
 * `refuseNext(n)` answer with a temporary 451 (a flapping relay).
 */
export async function startSmtpCatcher(port: number) {
  const delivered: Delivered[] = [];
  let refuseUntil = 0;
  let refuseCount = 0;
  let refused = 0;
  let delayMs = 0;
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      receiving += 1;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (delayMs > 0) await sleep(delayMs); // fixed wait: the stand-in's latency, a slow SMTP server
        receiving -= 1;
        if (Date.now() < refuseUntil || refuseCount > 0) {
          refuseCount = Math.max(0, refuseCount - 1);
          refused += 1;
          callback(Object.assign(new Error("4.3.0 Try again later"), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        delivered.push({
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    get refused() {
      return refused;
    },
    /** Messages being received right now. */
    get receiving() {
      return receiving;
    },
    refuseFor(ms: number) {
      refuseUntil = Date.now() + ms;
    },
    /** The next `count` messages get the temporary 451, whenever they come. */
    refuseNext(count: number) {
      refuseCount = count;
    },
    /** Each message is accepted only after this long (a slow relay). */
    delayEach(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser without JavaScript: a cookie jar and a client address of its own. */
/** Two production instances on one scratch PostgreSQL database, with an SMTP catcher and the Stripe stand-in. */
export type InstancePair = {
  a: Instance;
  b: Instance;
  databaseUrl: string;
  sessionSecret: string;
  smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  stripe: StripeStandIn;
  /** A query on the scratch database, outside the instances. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Stops both instances, prints the test's figures, then removes the database and the stand-ins. */
  stop(figures?: Record<string, unknown>): Promise<void>;
};

/**
 * The setup the feature races share: a scratch database named `database`, two instances (`name`-a and `name`-b)
 * started at once on `ports.a` and `ports.b`, mail through a catcher on `ports.smtp`, payments through the Stripe
 * stand-in, and the demo content seeded.
 */
export async function startInstancePair(
  name: string,
  database: string,
  ports: { a: number; b: number; smtp: number },
): Promise<InstancePair> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, database);
  const smtp = await startSmtpCatcher(ports.smtp);
  const stripe = await startStripeStandIn();
  const sql = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const sessionSecret = randomBytes(32).toString("hex");
  const env = {
    DATABASE_URL: scratch.url,
    SESSION_SECRET: sessionSecret,
    SMTP_URL: smtp.url,
    MAIL_TRANSPORT: "smtp",
    STRIPE_SECRET_KEY: "sk_test_ops_suite",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
  const [a, b] = await Promise.all([
    startInstance(`${name}-a`, ports.a, env),
    startInstance(`${name}-b`, ports.b, env),
  ]);
  seed(scratch.url, sessionSecret);
  return {
    a,
    b,
    databaseUrl: scratch.url,
    sessionSecret,
    smtp,
    stripe,
    query: async (text, values = []) => (await sql.query(text, values)).rows,
    async stop(figures) {
      await Promise.all([a.stop(), b.stop()]);
      if (figures) console.info(`[ops figures] ${JSON.stringify(figures, null, 2)}`);
      await sql.end();
      await smtp.close();
      await stripe.close();
      await scratch.drop().catch(() => {});
    },
  };
}

export class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(readonly address: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    base: string,
    pathname: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { "X-Forwarded-For": this.address, Accept: "text/html", ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader;
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = base;
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${base}${pathname}`, {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((part) => /max-age=0\b/i.test(part) || /expires=thu, 01 jan 1970/i.test(part));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** Counts statuses: { 200: 10, 409: 90 }. */
export function histogram(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inParallel<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
