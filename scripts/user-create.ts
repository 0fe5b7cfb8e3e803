// `npm run user:create -- --email EMAIL --password PASSWORD --role admin|user`
// Creates an account, or updates the password and role of an existing one.
// The password must meet the policy. With the embedded database, run it while
// the server is stopped (it says so if the database is in use).
import { parseArgs } from "node:util";
import { createOrUpdateAccount } from "~/features/accounts/users/user-create.server";
import { AccountError } from "~/features/accounts/users/users.server";
import { withCommandDatabase } from "./command-database";

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
  const { email, password, role } = values;
  return withCommandDatabase(async (db) => {
    try {
      const result = await createOrUpdateAccount(db, { email, password, role });
      console.warn(`${result.created ? "Created" : "Updated"} ${result.email} with the ${role} role.`);
      return 0;
    } catch (error) {
      if (error instanceof AccountError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  });
}

process.exitCode = await main();
