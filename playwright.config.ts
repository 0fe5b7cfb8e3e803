import { defineConfig, devices } from "@playwright/test";
import { e2eEventsYear } from "./tests/support/events-sheet";

// The first worker's server listens on E2E_PORT, the next on E2E_PORT + 10 (tests/e2e/fixtures.ts starts one per worker).
process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? "4173";
// Chosen once per run: the servers (tests/e2e/server.mjs) and the test workers inherit it.
process.env.E2E_EVENTS_YEAR ??= String(e2eEventsYear());
// Two workers, each with a server and a database of its own: their specs share nothing (docs/testing.md).
const workers = Number(process.env.E2E_PARALLEL ?? 2);

// Browser tests run on Debian's Chromium against the production build; each worker starts its own server on a
// fresh data directory (and a fresh PostgreSQL database when E2E_DATABASE_URL is set): tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: "tests/e2e",
  // Parallel runs (several BUILD_DIRs) keep their traces apart.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  // A committed test.only would run alone and land green: refused in CI (.ci/run exports CI=true), and by the spec lint.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    // baseURL is each worker's own server's (the e2eServer fixture of tests/e2e/fixtures.ts).
    // CI keeps a trace of a retried test only (recording every test costs time and is thrown away on success).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
});
