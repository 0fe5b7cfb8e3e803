// Starts a production server for the browser tests (one per Playwright worker: tests/e2e/fixtures.ts) on a fresh
// data directory, and on a fresh PostgreSQL database when E2E_DATABASE_URL is set. Removes both when it is stopped.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeE2eEventsSheet } from "../support/events-sheet.ts";
import { createScratchDatabase } from "../support/scratch-database.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "citron-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  // The fresh clone's `npm start`: demo accounts, mail to files, http://127.0.0.1 (see server.js).
  CITRON_LOCAL_PREVIEW: "true",
  PORT: process.env.E2E_PORT ?? "4173",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  // One server process, as before decision 0031: a test that changes something and reads it back must not race the
  // other workers' cache invalidation (tests/e2e/cluster.spec.ts tests the cluster). E2E_WORKERS=2 to run it so.
  WORKERS: process.env.E2E_WORKERS ?? "1",
  E2E: "1",
};
for (const [key, value] of Object.entries(e2eEnv())) env[key] ??= value;
// Tests read what the server wrote (emails as .eml files under DATA_DIR/mail): see e2eDataDir() in auth-helpers.ts.
const dataDirNote = path.join(os.tmpdir(), `citron-e2e-${env.PORT}.datadir`);
writeFileSync(dataDirNote, dataDir);

let dropDatabase = async () => {};
const adminUrl = process.env.E2E_DATABASE_URL;
if (adminUrl) {
  const scratch = await createScratchDatabase(adminUrl, "citron_e2e");
  env.DATABASE_URL = scratch.url;
  env.SESSION_SECRET = randomBytes(32).toString("hex");
  dropDatabase = scratch.drop;
  // Demo content is never seeded on PostgreSQL unless asked: the tests ask.
  // Not `npm run db:seed`, which reads a developer's .env: this environment is the whole configuration.
  const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], { env, stdio: "inherit" });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

const server = spawn("node", ["server.js"], { env, stdio: "inherit" });
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dataDirNote, { force: true });
  process.exit(code);
};
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
// Started by a Playwright worker (tests/e2e/fixtures.ts), it stops when that worker's end of its stdin closes: a
// worker killed without its teardown leaves no server (or database) behind.
if (process.env.E2E_STOP_WITH_STDIN) {
  process.stdin.on("end", () => void stop(0));
  process.stdin.resume();
}
server.on("exit", (code) => {
  if (!stopping) void stop(code ?? 1);
});

/** Settings the browser tests rely on (fixtures, known demo credentials). */
function e2eEnv() {
  return {
    DEMO_ADMIN_PASSWORD: "Lectern@Citrus42",
    DEMO_USER_PASSWORD: "Podium@Lime2026",
    // The fixture's events dated in a year still ahead (tests/support/events-sheet.ts), so the events tests always
    // see them upcoming.
    EVENTS_SHEET_URL: writeE2eEventsSheet(dataDir),
    // Every browser test comes from 127.0.0.1: the per-address checkout limit would count them all as one buyer.
    CHECKOUT_RATE_LIMIT_MAX: "1000",
    // The same for gifts: the donation and monthly gift specs together make more than the default 5 an hour.
    DONATION_RATE_LIMIT_MAX: "1000",
    // One proxy hop is trusted, so a test can play a stranger at another address with X-Forwarded-For
    // (sign-in-trust.spec.ts); the browser's own requests carry none and come from 127.0.0.1 as before.
    TRUST_PROXY: "1",
    // Every email a test waits for comes out of the outbox within a fifth of a second, not up to 3 s.
    OUTBOX_POLL_MS: "200",
    // A Refresh fetches again after 3 s, not 10 (events.spec.ts proves the cooldown within those 3 s).
    EVENTS_REFRESH_COOLDOWN_MS: "3000",
  };
}
