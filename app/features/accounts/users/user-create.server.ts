import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { writeAudit } from "../audit.server";
import type { Role } from "../roles";
import { AccountError, assignRole, createAccount, INVALID_EMAIL, isEmailAddress, setPassword } from "./users.server";

/** The command line's create-or-update, with the same policy as the admin panel. */
export async function createOrUpdateAccount(
  db: Database,
  input: { email: string; password: string; role: Role },
): Promise<{ created: boolean; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw new AccountError(INVALID_EMAIL);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  let id: string;
  if (existing) {
    await setPassword(db, existing.id, input.password);
    id = existing.id;
  } else {
    id = (await createAccount(db, { email, password: input.password })).id;
  }
  await assignRole(db, id, input.role);
  await writeAudit(db, {
    actor: { id: null, email: "command line" },
    action: existing ? "user.role_change" : "user.create",
    target: { id, email },
    details: { role: input.role, via: "npm run user:create" },
  });
  return { created: !existing, email };
}
