import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { userRoles } from "~/db/schema/accounts";
import type { Role } from "./roles";

/** An account's role, or undefined without one (where sign-in lands depends on it: decision 0054). */
export async function roleOf(db: Database, userId: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role;
}
