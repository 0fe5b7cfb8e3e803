// `npm run user:create -- --email EMAIL --password PASSWORD --role admin|user`
// Creates an account, or updates the password and role of an existing one.
// The password must meet the policy. With the embedded database, run it while
// the server is stopped (it says so if the database is in use).
import { parseArgs } from "node:util";
import { env, EnvError } from "~/core/env.server";
import { DatabaseInUseError, openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { createOrUpdateAccount } from "~/features/accounts/user-create.server";
import { AccountError } from "~/features/accounts/users.server";

const usage = "Usage: npm run user:create -- --email EMAIL --password PASSWORD --role admin|user";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string", default: "user" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.email || !values.password || (values.role !== "admin" && values.role !== "user")) {
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
    const result = await createOrUpdateAccount(handle.db, {
      email: values.email,
      password: values.password,
      role: values.role,
    });
    console.warn(`${result.created ? "Created" : "Updated"} ${result.email} with the ${values.role} role.`);
    return 0;
  } catch (error) {
    if (error instanceof AccountError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
