// Decision 0053: the finance page (/admin/finance) for a fiscal year of 50,000 orders and 20,000 gifts on
// PostgreSQL, signed in as an admin, on the production server. The goal: p50 under 500 ms; and its ledger CSV
// streamed (the first bytes long before the last).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/finance.mjs [requests]
//   BUILD_DIR=build uses an existing build (otherwise build-bench/ is built).
import pg from "pg";
import { seedSeason } from "./finance-season.mjs";
import { benchAdmin, loadavg, signInCookie, startSeededPostgres } from "./lib.mjs";

const requests = Number(process.argv[2] ?? 20);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: the finance page is measured on PostgreSQL");
  process.exit(1);
}

const { server, databaseUrl, stop } = await startSeededPostgres(adminUrl, "finance");
const loadBefore = loadavg();
const page = [];
const dataOnly = [];
const baseline = [];
const csv = [];
let bytes = 0;
let csvBytes = 0;
let counts = {};
try {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await seedSeason(client);
  counts = (
    await client.query(
      `select (select count(*)::int from orders where item_name not ilike '%donation%') as orders,
              (select count(*)::int from orders where item_name ilike '%donation%') as gifts,
              (select count(*)::int from refunds) as refunds, (select count(*)::int from disputes) as disputes`,
    )
  ).rows[0];
  await client.end();

  const session = await signInCookie(server.url, benchAdmin);
  const url = `${server.url}/admin/finance?period=fiscal&year=2025`;
  for (let i = 0; i < requests + 3; i++) {
    // The signed-in baseline (/admin/profile, as bench/judges.mjs) in turn with the page: a busy machine's share.
    const profileAt = performance.now();
    await (await fetch(`${server.url}/admin/profile`, { headers: { cookie: session } })).text();
    if (i >= 3) baseline.push(performance.now() - profileAt);
    const loaderAt = performance.now();
    await (
      await fetch(`${server.url}/admin/finance.data?period=fiscal&year=2025`, { headers: { cookie: session } })
    ).arrayBuffer();
    if (i >= 3) dataOnly.push(performance.now() - loaderAt);
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the finance page answered ${response.status}`);
    if (!text.includes("Bench Open 6")) throw new Error("the finance page does not list the tournaments");
    if (i >= 3) page.push(performance.now() - started); // three warm-up requests
    bytes = text.length;
  }
  // The ledger CSV, streamed: the first bytes, then the whole file.
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/admin/finance/export/lines.csv?period=fiscal&year=2025`, {
      headers: { cookie: session },
    });
    const reader = response.body.getReader();
    let first = null;
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= performance.now() - started;
      total += value.byteLength;
    }
    csv.push({ first, whole: performance.now() - started });
    csvBytes = total;
  }
} finally {
  await stop();
}
page.sort((a, b) => a - b);
baseline.sort((a, b) => a - b);
dataOnly.sort((a, b) => a - b);
const pick = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1);
console.log(
  `PostgreSQL, ${JSON.stringify(counts)}, ${requests} requests one after another; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
console.log("| target | p50 ms | p90 ms | max ms | bytes |");
console.log("|---|---:|---:|---:|---:|");
console.log(
  `| GET /admin/profile (baseline) | ${pick(baseline, 0.5)} | ${pick(baseline, 0.9)} | ${pick(baseline, 1)} | |`,
);
console.log(
  `| GET /admin/finance.data (loader only) | ${pick(dataOnly, 0.5)} | ${pick(dataOnly, 0.9)} | ${pick(dataOnly, 1)} | |`,
);
console.log(
  `| GET /admin/finance (fiscal year) | ${pick(page, 0.5)} | ${pick(page, 0.9)} | ${pick(page, 1)} | ${bytes} |`,
);
for (const [i, run] of csv.entries())
  console.log(
    `| GET lines.csv run ${i + 1}: first bytes / whole file | ${run.first.toFixed(1)} | ${run.whole.toFixed(1)} | | ${csvBytes} |`,
  );
