// Decision 0045: a tournament's judge pool page (/admin/tournaments/:key/judges) for 60 schools and 12 events on
// PostgreSQL, signed in, on the production server. The goal: under 200 ms.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/judges.mjs [requests]
//   BUILD_DIR=build uses an existing build (otherwise build-bench/ is built).
import pg from "pg";
import { tournamentKey } from "../app/db/tournament-key.ts";
import { benchAdmin, loadavg, signInCookie, startSeededPostgres } from "./lib.mjs";

const requests = Number(process.argv[2] ?? 20);
const SCHOOLS = 60;
const EVENTS = [
  "Lincoln-Douglas (LD)",
  "Public Forum (PF)",
  "Extemporaneous Debate (EXD)",
  "Congressional Debate",
  "Extemporaneous Speaking",
  "Impromptu Speaking",
  "Humorous Interpretation",
  "Dramatic Interpretation",
  "Original Oratory",
  "Informative Speaking",
  "Policy Debate",
  "Big Questions",
];
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: the pool page is measured on PostgreSQL");
  process.exit(1);
}

const { server, databaseUrl, stop } = await startSeededPostgres(adminUrl, "judges");
const loadBefore = loadavg();
const timings = [];
const baseline = [];
const dataOnly = [];
let bytes = 0;
let counts = {};
try {
  await (await fetch(`${server.url}/fees`)).arrayBuffer(); // the sheet, read once
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("select events from events_sheet_cache limit 1");
  const tournament = rows[0].events.find((event) => ["debate", "speech", "hybrid-tournament"].includes(event.type));
  const key = tournamentKey(tournament.title, tournament.date);
  // Every school in every event, one to three entries each (about 1,400), one in twenty dropped; a Judge Fee for
  // every third school; three judges named per school (two confirmed), twenty volunteers waiting; and 5,000 orders
  // of other tournaments around them.
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key, dropped_at, registration)
     select now() - (n * interval '1 minute'), 'Citron Tournament Entry Fee', 2500, 'parent' || n || '@example.com',
            'completed', 'Student ' || n, 'Bench School ' || s, $1, $2, ($4::text[])[1 + e], $3,
            case when n % 20 = 0 then now() else null end, '{}'::jsonb
       from (select s, e, k, row_number() over () as n
               from generate_series(1, $5::int) s, generate_series(0, 11) e, generate_series(1, 3) k
              where k <= 1 + (s + e) % 3) x`,
    [tournament.title, tournament.date, key, EVENTS, SCHOOLS],
  );
  await client.query(
    `insert into orders (item_name, item_description, item_quantity, total_amount, customer_email, status, student_school,
                         tournament_name, tournament_date, tournament_key)
     select 'Judge Fee', 'coach' || s || '@example.com', 1 + s % 2, 5000, 'coach' || s || '@example.com', 'completed',
            'Bench School ' || s, $1, $2, $3
       from generate_series(1, $4::int, 3) s`,
    [tournament.title, tournament.date, key, SCHOOLS],
  );
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key)
     select now() - (i * interval '3 minutes'), 'Citron Tournament Entry Fee', 2500, 'other' || i || '@example.com',
            'completed', 'Other ' || i, 'Bench School ' || (i % 60), 'Other ' || (i % 8), '2026-06-01',
            'Original Oratory', '2026-06-01|other-' || (i % 8)
       from generate_series(1, 5000) i`,
  );
  await client.query(
    `insert into judges (tournament_key, tournament_title, tournament_date, first_name, last_name, email, school,
                         categories, file_category, vouched_by, status, token_hash)
     select case when j <= $5 then $1 else null end, $2, $3, 'Judge', 'J' || j, 'judge' || j || '@example.com',
            case when j <= $5 then 'Bench School ' || (1 + j % $4) else '' end,
            (array['["debate"]','["speech"]','["congress"]','["debate","speech"]'])[1 + j % 4]::jsonb,
            (array['debate','speech','congress','debate'])[1 + j % 4],
            case when j % 5 = 0 then null else 'family' end,
            case when j % 3 = 0 then 'pending' else 'confirmed' end, md5('bench' || j)
       from generate_series(1, $5 + 20) j`,
    [key, tournament.title, tournament.date, SCHOOLS, SCHOOLS * 3],
  );
  await client.query("vacuum analyze orders");
  await client.query("vacuum analyze judges");
  const [{ entries }] = (
    await client.query(
      "select count(*)::int as entries from orders where tournament_key = $1 and student_name is not null",
      [key],
    )
  ).rows;
  counts = { entries, schools: SCHOOLS, events: EVENTS.length, judges: SCHOOLS * 3, volunteers: 20 };
  await client.end();

  const session = await signInCookie(server.url, benchAdmin);
  const url = `${server.url}/admin/tournaments/${encodeURIComponent(key)}/judges`;
  // The signed-in baseline (/admin/profile, as bench/dashboards.mjs) in turn with the pool page, to tell the page's
  // own cost from a busy machine's.
  for (let i = 0; i < requests + 3; i++) {
    const before = performance.now();
    const profile = await fetch(`${server.url}/admin/profile`, { headers: { cookie: session } });
    await profile.text();
    if (i >= 3) baseline.push(performance.now() - before);
    // The loader alone, as the router fetches it on a client-side navigation (no HTML render).
    const loaderAt = performance.now();
    await (await fetch(`${url}.data`, { headers: { cookie: session } })).arrayBuffer();
    if (i >= 3) dataOnly.push(performance.now() - loaderAt);
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`the pool page answered ${response.status}`);
    if (!text.includes("Bench School 60")) throw new Error("the pool page does not list the schools");
    if (i >= 3) timings.push(ms); // three warm-up requests
    bytes = text.length;
  }
} finally {
  await stop();
}
timings.sort((a, b) => a - b);
baseline.sort((a, b) => a - b);
dataOnly.sort((a, b) => a - b);
const pick = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1);
const at = (q) => pick(timings, q);
console.log(
  `PostgreSQL, ${JSON.stringify(counts)}, ${requests} requests one after another; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
console.log("| target | p50 ms | p90 ms | max ms | bytes |");
console.log("|---|---:|---:|---:|---:|");
console.log(
  `| GET /admin/profile (baseline) | ${pick(baseline, 0.5)} | ${pick(baseline, 0.9)} | ${pick(baseline, 1)} | |`,
);
console.log(
  `| GET /admin/tournaments/:key/judges.data (loader only) | ${pick(dataOnly, 0.5)} | ${pick(dataOnly, 0.9)} | ${pick(dataOnly, 1)} | |`,
);
console.log(`| GET /admin/tournaments/:key/judges | ${at(0.5)} | ${at(0.9)} | ${at(1)} | ${bytes} |`);
