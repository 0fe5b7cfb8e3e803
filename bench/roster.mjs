// Decision 0040: a 500-entry tournament's roster download (Tabroom CSV) on PostgreSQL, signed in, on the
// production server. The goal: under a second.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/roster.mjs [downloads]
//   ENTRIES=500 the entries; BUILD_DIR=build uses an existing build (otherwise build-bench/ is built).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { tournamentKey } from "../app/db/tournament-key.ts";
import { createScratchDatabase } from "../tests/support/scratch-database.ts";
import { ensureBuild, freePort, loadavg, seedDatabase, signInCookie, startServer } from "./lib.mjs";

const downloads = Number(process.argv[2] ?? 20);
const entries = Number(process.env.ENTRIES ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: the roster is measured on PostgreSQL");
  process.exit(1);
}
const admin = { email: "director@example.org", password: "Lectern@Citrus42" };

ensureBuild();
const scratch = await createScratchDatabase(adminUrl, "citron_bench_roster");
const env = {
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-bench-roster-")),
  DATABASE_URL: scratch.url,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  DEMO_ADMIN_PASSWORD: admin.password,
  DEMO_USER_PASSWORD: "Podium@Lime2026",
  EVENTS_SHEET_URL: "tests/fixtures/events-e2e.csv",
};
seedDatabase(env);
const server = await startServer({ port: await freePort(), env });
const loadBefore = loadavg();
const timings = [];
let bytes = 0;
try {
  await (await fetch(`${server.url}/fees`)).arrayBuffer(); // the sheet, read once
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const { rows } = await client.query("select events from events_sheet_cache limit 1");
  const tournament = rows[0].events.find((event) => ["debate", "speech", "hybrid-tournament"].includes(event.type));
  const key = tournamentKey(tournament.title, tournament.date);
  // Entries over 10 events and 20 schools, every third a team with a partner, one in twenty dropped.
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key, dropped_at, registration)
     select now() - (i * interval '1 minute'), 'Citron Tournament Entry Fee', 2500, 'parent' || i || '@example.com',
            'completed', 'Student ' || i || ' Name', 'School ' || (i % 20), $1, $2,
            (array['Lincoln-Douglas (LD)','Public Forum (PF)','Policy Debate','Original Oratory','Extemporaneous Speaking',
                   'Impromptu Speaking','Humorous Interpretation','Dramatic Interpretation','Informative Speaking',
                   'Congressional Debate'])[1 + i % 10],
            $3, case when i % 20 = 0 then now() else null end,
            case when i % 3 = 0 then jsonb_build_object('partnerFirst', 'Partner', 'partnerLast', 'P' || i) else '{}'::jsonb end
       from generate_series(1, $4::int) as i`,
    [tournament.title, tournament.date, key, entries],
  );
  await client.end();

  const session = await signInCookie(server.url, admin);
  const url = `${server.url}/admin/tournaments/${encodeURIComponent(key)}/entries.csv`;
  for (let i = 0; i < downloads + 2; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`the roster answered ${response.status}`);
    if (i >= 2) timings.push(ms); // two warm-up downloads
    bytes = text.length;
  }
} finally {
  await server.stop();
  await scratch.drop();
}
timings.sort((a, b) => a - b);
const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(1);
console.log(
  `PostgreSQL, ${entries} entries, ${downloads} downloads one after another; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
console.log("| target | p50 ms | p90 ms | max ms | bytes |");
console.log("|---|---:|---:|---:|---:|");
console.log(`| GET /admin/tournaments/:key/entries.csv | ${at(0.5)} | ${at(0.9)} | ${at(1)} | ${bytes} |`);
