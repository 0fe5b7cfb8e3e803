// Decision 0054: a coach's season (/coach) and one tournament's page (/coach/tournaments/:key) for a school with 200
// entries over 10 tournaments, among 60 schools' entries, on PostgreSQL, signed in as the coach, on the production
// server. The goal: p50 under 100 ms for each.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/coach.mjs [requests]
//   BUILD_DIR=build uses an existing build (otherwise build-bench/ is built).
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { tournamentKey } from "../app/db/tournament-key.ts";
import { loadavg, signInCookie, startSeededPostgres } from "./lib.mjs";

const requests = Number(process.argv[2] ?? 20);
const TOURNAMENTS = 10;
const SCHOOL_ENTRIES = 200;
const OTHER_SCHOOLS = 60;
const DISTRICT_TYPES = ["speech", "debate", "wsd", "congress", "hybrid-tournament"];
const EVENTS = ["Lincoln-Douglas (LD)", "Public Forum (PF)", "Congressional Debate", "Original Oratory"];
// The first member school of content/schools.yaml and its roster code (schoolCodes: its initials).
const SCHOOL = { code: "OCA", name: "Ohr Chaim Academy" };
const coach = { email: "bench.coach@example.org", password: "Clipboard!Coach27" };
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error("BENCH_DATABASE_URL is required: the coach's pages are measured on PostgreSQL");
  process.exit(1);
}

const { server, databaseUrl, stop } = await startSeededPostgres(adminUrl, "coach");
const loadBefore = loadavg();
const results = {};
let counts = {};
try {
  await (await fetch(`${server.url}/fees`)).arrayBuffer(); // the sheet, read once
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("select events from events_sheet_cache limit 1");
  const today = new Date().toISOString().slice(0, 10);
  const onSheet = rows[0].events
    .filter((event) => DISTRICT_TYPES.includes(event.type) || event.type.endsWith("-quals"))
    .filter((event) => event.date >= today)
    .slice(0, TOURNAMENTS)
    .map((event) => ({ title: event.title, date: event.date, key: tournamentKey(event.title, event.date) }));
  // The rest of the ten, past tournaments off the sheet (still the school's entries, not on its season).
  const tournaments = [...onSheet];
  for (let n = onSheet.length; n < TOURNAMENTS; n++)
    tournaments.push({
      title: `Past Cup ${n}`,
      date: `2026-0${1 + (n % 9)}-10`,
      key: `2026-0${1 + (n % 9)}-10|past-cup-${n}`,
    });
  // The coach's school: 200 entries over the ten, a tenth awaiting payment, some with a history line; and every other
  // school 20 entries in each, with its own families.
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key, registration, checkout_id)
     select now() - (n * interval '7 minutes'), 'Citron Tournament Entry Fee', 2500, 'family' || n || '@example.com',
            case when n % 10 = 0 then 'pending' else 'completed' end, 'Student ' || n, $1,
            ($3::text[])[1 + n % $5], ($4::text[])[1 + n % $5], ($6::text[])[1 + n % 4], ($7::text[])[1 + n % $5],
            jsonb_build_object('studentFirst', 'Student', 'studentLast', n::text, 'schoolCode', $2::text), null
       from generate_series(1, $8::int) n`,
    [
      SCHOOL.name,
      SCHOOL.code,
      tournaments.map((t) => t.title),
      tournaments.map((t) => t.date),
      TOURNAMENTS,
      EVENTS,
      tournaments.map((t) => t.key),
      SCHOOL_ENTRIES,
    ],
  );
  await client.query(
    `insert into orders (created_at, item_name, total_amount, customer_email, status, student_name, student_school,
                         tournament_name, tournament_date, event_type, tournament_key, registration)
     select now() - (n * interval '1 minute'), 'Citron Tournament Entry Fee', 2500, 'other' || n || '@example.com',
            'completed', 'Other ' || n, 'Bench School ' || s, ($1::text[])[t], ($2::text[])[t], ($3::text[])[1 + n % 4],
            ($4::text[])[t], jsonb_build_object('schoolCode', 'BS' || s)
       from (select s, t, row_number() over () as n
               from generate_series(1, $5::int) s, generate_series(1, $6::int) t, generate_series(1, 20) k) x`,
    [
      tournaments.map((t) => t.title),
      tournaments.map((t) => t.date),
      EVENTS,
      tournaments.map((t) => t.key),
      OTHER_SCHOOLS,
      TOURNAMENTS,
    ],
  );
  await client.query(
    `insert into entry_changes (order_id, tournament_key, actor_kind, actor_label, kind, change, summary)
     select id, tournament_key, 'family', 'family link', 'name', '{}'::jsonb, 'Name fixed'
       from orders where registration->>'schoolCode' = $1 and student_name like '%5'`,
    [SCHOOL.code],
  );
  // The coach: an account with the role and the school, as an accepted invitation leaves it.
  const id = randomUUID();
  await client.query("insert into users (id, name, email, email_verified) values ($1, 'Bench Coach', $2, true)", [
    id,
    coach.email,
  ]);
  await client.query(
    "insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)",
    [randomUUID(), id, await hashPassword(coach.password)],
  );
  await client.query("insert into user_roles (user_id, role) values ($1, 'coach')", [id]);
  await client.query("insert into coach_schools (user_id, school_code, school_name) values ($1, $2, $3)", [
    id,
    SCHOOL.code,
    SCHOOL.name,
  ]);
  await client.query("vacuum analyze orders");
  await client.query("vacuum analyze entry_changes");
  const [{ all }] = (await client.query("select count(*)::int as all from orders")).rows;
  counts = { schoolEntries: SCHOOL_ENTRIES, tournaments: TOURNAMENTS, onSheet: onSheet.length, orders: all };
  await client.end();

  const session = await signInCookie(server.url, coach);
  const busiest = tournaments[0].key;
  const targets = {
    "GET /coach/account (baseline)": `${server.url}/coach/account`,
    "GET /coach": `${server.url}/coach`,
    "GET /coach.data (loader only)": `${server.url}/coach.data`,
    "GET /coach/tournaments/:key": `${server.url}/coach/tournaments/${encodeURIComponent(busiest)}`,
    "GET /coach/tournaments/:key/entries.csv": `${server.url}/coach/tournaments/${encodeURIComponent(busiest)}/entries.csv`,
  };
  for (const name of Object.keys(targets)) results[name] = [];
  // In turn, so a busy moment of the machine falls on every target alike; three warm-up rounds.
  for (let i = 0; i < requests + 3; i++) {
    for (const [name, url] of Object.entries(targets)) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie: session } });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
      if (text.includes("Other 1@") || text.includes("other1@")) throw new Error(`${name} shows another school's row`);
      if (i >= 3) results[name].push({ ms, bytes: text.length });
    }
  }
} finally {
  await stop();
}
const pick = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1);
console.log(
  `PostgreSQL, ${JSON.stringify(counts)}, ${requests} requests each, one after another; /proc/loadavg before: ${loadBefore}, after: ${loadavg()}`,
);
console.log("| target | p50 ms | p90 ms | max ms | bytes |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, list] of Object.entries(results)) {
  const times = list.map((row) => row.ms).sort((a, b) => a - b);
  console.log(`| ${name} | ${pick(times, 0.5)} | ${pick(times, 0.9)} | ${pick(times, 1)} | ${list.at(-1).bytes} |`);
}
