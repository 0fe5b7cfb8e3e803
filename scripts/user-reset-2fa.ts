// `npm run user:reset-2fa -- --email EMAIL`
// Turns off an account's two-factor sign-in (a lost phone and no recovery code left), ends its sessions and
// writes the audit log ("command line" as the actor). The way back in for the protected admin, whom no other
// admin may reset. With the embedded database, run it while the server is stopped.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/accounts";
import { resetTwoFactor } from "~/features/accounts/sign-in/two-factor.server";
import { withCommandDatabase } from "./command-database";

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
  const email = values.email.trim().toLowerCase();
  return withCommandDatabase(async (db) => {
    const [account] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
    if (!account) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    await resetTwoFactor(db, { id: null, email: "command line" }, account);
    console.warn(
      `Two-factor sign-in of ${account.email} is off, its sessions ended and its trusted browsers forgotten; it sets it up again at its next sign-in.`,
    );
    return 0;
  });
}

process.exitCode = await main();
