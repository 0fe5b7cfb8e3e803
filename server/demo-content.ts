// A composition file (like app.ts and workers.ts): each capability's demo content, in the order it is seeded on the
// embedded database's first run (server/start.ts) and by `npm run db:seed`. The database layer runs them without
// knowing any feature.
import type { Seeder } from "~/db/seeder";
import { accountsSeeder } from "~/features/accounts/demo-seed.server";
import { contactMessagesSeeder } from "~/features/contact-admin/demo-seed.server";
import { ordersSeeder } from "~/features/orders/demo-seed.server";
import { productsSeeder } from "~/features/products/demo-seed.server";

export const demoSeeders: readonly Seeder[] = [accountsSeeder, ordersSeeder, contactMessagesSeeder, productsSeeder];
