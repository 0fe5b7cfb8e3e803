import { defineConfig } from "vitest/config";

// The two-instance and fault suites (tests/ops, decision 0029): production server processes on a scratch
// PostgreSQL database. They need TEST_DATABASE_URL and the build, so `npm test` runs them after the build;
// without PostgreSQL they are skipped with a message. One file at a time: each starts its own servers.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["tests/ops/**/*.test.ts"],
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
  },
});
