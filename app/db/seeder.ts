import type { Logger } from "~/core/logger.server";
import type { Database, Transaction } from "./client.server";

/**
 * A capability's demo content. Seeders run in order, inside one transaction,
 * on the first start of an empty embedded database, or by `npm run db:seed`.
 * A module of its own so the feature seeders can name the type without importing
 * app/db/seed.server.ts, which runs them (server/demo-content.ts lists them).
 */
export type Seeder = {
  name: string;
  run(db: Database | Transaction, log: Logger): Promise<void>;
};
