// /orders and /admin/donations with 50,000 orders, signed in, on the production
// server. Fresh embedded database by default; a fresh PostgreSQL database when
// BENCH_DATABASE_URL is set (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/test).
// Usage: node bench/dashboards.mjs [seconds]   (prints a markdown table; ROUNDS=3 rounds of that
// many seconds per target, the targets in turn each round, and the median round's percentiles)
// ONLY=orders measures the baseline and the targets whose path contains it; PROFILE_DIR=dir writes the
// server's CPU profile there (open it in Chrome DevTools) to see where a view's time goes.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { createScratchDatabase } from "../tests/support/scratch-database.ts";
import { combineRounds, ensureBuild, load, printTable, seedDatabase, signInCookie, startServer } from "./lib.mjs";

const duration = Number(process.argv[2] ?? 10);
const rounds = Number(process.env.ROUNDS ?? 3);
const ORDERS = 50_000;
const admin = { email: "director@example.org", password: "Lectern@Citrus42" };

// Every tenth order a donation (a few memorial), the rest tournament entries
// spread over 6 tournaments and 10 events, 90% completed, over two years.
const insertOrders = `
insert into orders (created_at, item_name, item_description, item_quantity, student_name, student_school,
  tournament_name, tournament_date, event_type, total_amount, customer_email, status)
select now() - (i * interval '21 minutes'),
  case when i % 10 = 0 then 'Donation' else 'Citron Tournament Entry Fee' end,
  case when i % 10 = 0 then 'Tax-deductible donation' else 'Bench entry ' || i end,
  1,
  case when i % 10 = 0 then 'Donor ' || (i % 500) else 'Student ' || (i % 2000) end,
  'School ' || (i % 40),
  case when i % 10 = 0 then null else 'Tournament ' || (i % 6) end,
  case when i % 10 = 0 then null else '2026-12-0' || (1 + i % 6) end,
  case when i % 10 = 0 then (case when i % 70 = 0 then 'memory:Someone ' || i else null end)
       else (array['Lincoln-Douglas','Public Forum','Extemporaneous Debate','Congressional Debate','Original Oratory',
                   'Informative Speaking','Impromptu Speaking','World Schools','Big Questions','Radio Speaking'])[1 + i % 10] end,
  case when i % 10 = 0 then 1800 + (i % 7) * 1000 else 2500 end,
  'family' || (i % 3000) || '@example.com',
  case when i % 10 = 3 then 'pending' when i % 20 = 7 then 'failed' else 'completed' end
from generate_series(1, ${ORDERS}) as i`;
// As autovacuum leaves a table in steady state (VACUUM cannot share a statement batch).
const settle = "vacuum analyze orders";

ensureBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-bench-dash-"));
const env = { DATA_DIR: dataDir, DEMO_ADMIN_PASSWORD: admin.password, DEMO_USER_PASSWORD: "Podium@Lime2026" };
let dropDatabase = async () => {};
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const scratch = await createScratchDatabase(adminUrl, "citron_bench");
  env.DATABASE_URL = scratch.url;
  env.SESSION_SECRET = randomBytes(32).toString("hex");
  dropDatabase = scratch.drop;
}

// Migrations, demo accounts and demo content, then the 50,000 orders.
seedDatabase(env);
const started = Date.now();
if (env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(insertOrders);
  await client.query(settle);
  await client.end();
} else {
  // The same extensions as the server (app/db/client.server.ts): the trigram indexes need pg_trgm.
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  await db.exec(insertOrders);
  await db.exec(settle);
  await db.close();
}
console.log(
  `Inserted ${ORDERS} orders in ${((Date.now() - started) / 1000).toFixed(1)} s (${env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"})`,
);

const serverEnv = process.env.PROFILE_DIR
  ? { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` }
  : env;
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4306), env: serverEnv });
try {
  const cookie = await signInCookie(server.url, admin);
  const headers = { cookie };
  const targets = [
    // The floor: an admin page that only checks the session (same layout and guard).
    ["GET /admin/profile (baseline)", "/admin/profile"],
    ["GET /orders (page 1 of ~800)", "/orders"],
    ["GET /orders?student=Student 42", "/orders?student=Student+42"],
    ["GET /orders?tournament&event", "/orders?tournament=Tournament+3&event=Public+Forum"],
    ["GET /orders?view=entries", "/orders?view=entries"],
    ["GET /admin/donations", "/admin/donations"],
    ["GET /admin/donations?email=family12", "/admin/donations?email=family12"],
  ].filter(([, target], index) => index === 0 || !process.env.ONLY || target.includes(process.env.ONLY));
  for (const [, target] of targets) {
    const response = await fetch(`${server.url}${target}`, { headers, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
    await response.text();
  }
  await load(`${server.url}/orders`, { duration: 2, headers });
  const results = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, [, target]] of targets.entries())
      results[index].push(await load(`${server.url}${target}`, { duration, headers }));
  }
  console.log(`${ORDERS} orders, signed in as admin, ${rounds} rounds of ${duration} s per target, 10 connections`);
  printTable(targets.map(([name], index) => [name, combineRounds(results[index])]));
} finally {
  await server.stop();
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
