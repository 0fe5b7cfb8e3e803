import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (`npm run db:generate`) and
// committed; the server applies them at start (app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./app/db/migrations",
});
