// `npm run user:reset-2fa -- --email EMAIL`
// Turns off an account's two-factor sign-in (a lost phone and no recovery code left), ends its sessions and
// writes the audit log ("command line" as the actor). The way back in for the protected admin, whom no other
// admin may reset. With the embedded database, run it while the server is stopped.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { env, EnvError } from "~/core/env.server";
import { DatabaseInUseError, openDatabase } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { migrateDatabase } from "~/db/migrate.server";
import { resetTwoFactor } from "~/features/accounts/two-factor.server";

const usage = "Usage: npm run user:reset-2fa -- --email EMAIL";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.email) {
    console.error(usage);
    return 2;
  }
  let handle;
  try {
    const config = env();
    handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    const email = values.email.trim().toLowerCase();
    const [account] = await handle.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!account) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    await resetTwoFactor(handle.db, { id: null, email: "command line" }, account);
    console.warn(`Two-factor sign-in of ${account.email} is off and its sessions ended; it sets it up again at its next sign-in.`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
