import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests (pure modules) and integration tests (loaders and actions on a
// real database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // As vite.config.ts: React Router's own turbo-stream (app/features/shop/fees-fill.server.tsx).
    alias: {
      "react-router-turbo-stream": fileURLToPath(
        new URL("./node_modules/react-router/dist/production/vendor/turbo-stream-v2/turbo-stream.js", import.meta.url),
      ),
    },
  },
  test: {
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "content/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // One migrated database per run, copied for each test file (tests/support/database.ts).
    globalSetup: ["tests/support/database-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
  },
});
