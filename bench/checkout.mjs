// Decision 0031: the paths of visitors who buy and of staff, on PostgreSQL.
//   - POST /checkout (the built-in sandbox provider, the no-JavaScript form), each request a different cart
//     with one item, so every request starts a checkout: stock held, a checkout row, the provider's session;
//   - GET /fees and GET / with a cart cookie (the carts' own pages);
//   - a signed-in admin page (/admin/profile: the session check and the admin layout; /orders: its first page).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/checkout.mjs [connections]
//   WORKERS=1|2 chooses the server processes (default: the cores); CARTS=3000 the checkouts made;
//   PROFILE_DIR=dir writes the server's CPU profile there; ONLY=checkout measures only the checkouts.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createScratchDatabase } from "../tests/support/scratch-database.ts";
import { ensureBuild, freePort, load, loadavg, printTable, seedDatabase, signInCookie, startServer } from "./lib.mjs";

const connections = Number(process.argv[2] ?? 50);
const carts = Number(process.env.CARTS ?? 3000);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: checkout is measured on PostgreSQL");
  process.exit(1);
}
const admin = { email: "director@example.org", password: "Lectern@Citrus42" };
const PRODUCT = "District Quarter-Zip";

ensureBuild();
const scratch = await createScratchDatabase(adminUrl, "citron_bench");
const env = {
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-bench-checkout-")),
  DATABASE_URL: scratch.url,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  DEMO_ADMIN_PASSWORD: admin.password,
  DEMO_USER_PASSWORD: "Podium@Lime2026",
  // Every request comes from this one address: the per-address checkout limit (30 per 10 min, decision 0028)
  // would answer nearly all of them with 429 and measure that instead.
  CHECKOUT_RATE_LIMIT_MAX: "1000000",
};
seedDatabase(env);
// Every checkout holds stock: the bench's product has no limit, so none is refused as sold out.
const client = new pg.Client({ connectionString: env.DATABASE_URL });
await client.connect();
const { rows } = await client.query(
  "update products set unlimited_stock = true, stock_count = null where name = $1 returning id",
  [PRODUCT],
);
await client.end();
const productId = rows[0]?.id;
if (!productId) throw new Error(`no product named ${PRODUCT}`);

const serverEnv = process.env.PROFILE_DIR
  ? { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` }
  : env;
const server = await startServer({ port: await freePort(), env: serverEnv });
const only = process.env.ONLY;
const loadBefore = loadavg();
const results = [];
try {
  // The carts: one POST each, 20 at a time, each with its own cookie.
  const cookies = [];
  const addOne = async () => {
    const response = await fetch(`${server.url}/fees`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId }),
      redirect: "manual",
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("citron_cart="));
    if (!cookie) throw new Error(`add to cart answered ${response.status} without a cart cookie`);
    cookies.push(cookie.split(";")[0]);
  };
  // New carts per address are rate-limited (shop-action.server.ts): the bench, one address, clears its count.
  const limits = new pg.Client({ connectionString: env.DATABASE_URL });
  await limits.connect();
  for (let made = 0; made < carts; made += 20) {
    await limits.query("delete from rate_limits");
    await Promise.all(Array.from({ length: Math.min(20, carts - made) }, addOne));
  }
  await limits.end();

  const cartHeaders = { cookie: cookies[0] };
  for (const [name, route] of [
    ["GET / with a cart cookie", "/"],
    ["GET /fees with a cart cookie", "/fees"],
  ].filter(([name]) => !only || name.includes(only))) {
    await load(`${server.url}${route}`, { duration: 2, connections, headers: cartHeaders });
    results.push([name, await load(`${server.url}${route}`, { duration: 5, connections, headers: cartHeaders })]);
  }

  // POST /checkout: each request takes the next cart; the run ends when every cart has checked out once.
  if (!only || "POST /checkout".includes(only)) {
    let next = 0;
    const started = Date.now();
    const checkout = await autocannon({
      url: `${server.url}/checkout`,
      connections,
      amount: carts,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              "content-type": "application/x-www-form-urlencoded",
              cookie: cookies[next++ % cookies.length],
            },
            body: `email=parent${next}%40example.com`,
          }),
        },
      ],
    });
    results.push([
      `POST /checkout (${carts} carts, each once)`,
      {
        requestsPerSecond: Math.round(checkout.requests.total / ((Date.now() - started) / 1000)),
        p50: checkout.latency.p50,
        p99: checkout.latency.p99,
        errors: checkout.errors + checkout.non2xx,
      },
    ]);
  }

  const session = await signInCookie(server.url, admin);
  for (const [name, route] of [
    ["GET /admin/profile signed in", "/admin/profile"],
    ["GET /orders signed in", "/orders"],
  ].filter(([name]) => !only || name.includes(only))) {
    await load(`${server.url}${route}`, { duration: 2, connections, headers: { cookie: session } });
    results.push([
      name,
      await load(`${server.url}${route}`, { duration: 5, connections, headers: { cookie: session } }),
    ]);
  }
} finally {
  await server.stop();
  await scratch.drop();
}
console.log(
  `PostgreSQL, ${connections} connections, WORKERS=${process.env.WORKERS ?? "(the cores)"}; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
printTable(results);
