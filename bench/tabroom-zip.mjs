// Decision 0046: a 500-entry tournament in 12 events downloaded as the zip of its Tabroom files, on PostgreSQL,
// signed in, on the production server. The goal: under a second.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/tabroom-zip.mjs [downloads]
//   ENTRIES=500 the entries; BUILD_DIR=build uses an existing build (otherwise build-bench/ is built).
import { unzipSync } from "fflate";
import pg from "pg";
import { tournamentKey } from "../app/db/tournament-key.ts";
import { COMPETITION_EVENTS } from "../app/features/tournaments/competition-events.ts";
import { benchAdmin, loadavg, signInCookie, startSeededPostgres } from "./lib.mjs";

const downloads = Number(process.argv[2] ?? 20);
const entries = Number(process.env.ENTRIES ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: the download is measured on PostgreSQL");
  process.exit(1);
}
// Twelve of the district's fourteen events.
const EVENTS = COMPETITION_EVENTS.filter((event) => !["Extemporaneous Debate (EXD)", "Radio Speaking"].includes(event));

const { server, databaseUrl, stop } = await startSeededPostgres(adminUrl, "tabroom");
const loadBefore = loadavg();
const timings = [];
let bytes = 0;
let files = 0;
try {
  await (await fetch(`${server.url}/fees`)).arrayBuffer(); // the sheet, read once
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("select events from events_sheet_cache limit 1");
  const tournament = rows[0].events.find((event) => ["debate", "speech", "hybrid-tournament"].includes(event.type));
  const key = tournamentKey(tournament.title, tournament.date);
  // Entries over 12 events and 20 schools (every fifth typed, the rest member schools), each paid with its code;
  // the team events with a partner, one name in seven accented, one in twenty dropped.
  const members = ["OCA", "HVHHS", "MTDS", "SDYHS"];
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key, dropped_at, registration,
                         entry_code)
     select now() - ((600 - i) * interval '1 minute'), 'Citron Tournament Entry Fee', 2500,
            'parent' || i || '@example.com', 'completed', first || ' Name' || i, 'School ' || (i % 20), $1, $2,
            (($5::text[]))[1 + i % 12], $3, case when i % 20 = 0 then now() else null end,
            jsonb_build_object('studentFirst', first, 'studentLast', 'Name' || i)
              || case when i % 5 = 0 then '{}'::jsonb else jsonb_build_object('schoolCode', ($6::text[])[1 + i % 4]) end
              || case when i % 12 in (1, 2, 3) then jsonb_build_object('partnerFirst', 'Partner', 'partnerLast', 'P' || i)
                      else '{}'::jsonb end,
            99 + i
       from generate_series(1, $4::int) as i,
            lateral (select case when i % 7 = 0 then 'José' else 'Student' end as first) f`,
    [tournament.title, tournament.date, key, entries, EVENTS, members],
  );
  await client.query(`insert into tournament_entry_codes (tournament_key, last_code) values ($1, $2)`, [
    key,
    99 + entries,
  ]);
  await client.end();

  const session = await signInCookie(server.url, benchAdmin);
  const url = `${server.url}/admin/tournaments/${encodeURIComponent(key)}/tabroom.zip`;
  for (let i = 0; i < downloads + 2; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session } });
    const body = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`the zip answered ${response.status}`);
    if (i >= 2) timings.push(ms); // two warm-up downloads
    bytes = body.length;
    files = Object.keys(unzipSync(body)).length;
  }
} finally {
  await stop();
}
timings.sort((a, b) => a - b);
const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(1);
console.log(
  `PostgreSQL, ${entries} entries in ${files} event files, ${downloads} downloads one after another; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
console.log("| target | p50 ms | p90 ms | max ms | bytes |");
console.log("|---|---:|---:|---:|---:|");
console.log(`| GET /admin/tournaments/:key/tabroom.zip | ${at(0.5)} | ${at(0.9)} | ${at(1)} | ${bytes} |`);
