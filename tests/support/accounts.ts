import type { Database } from "~/db/client.server";
import { getAuth } from "~/features/accounts/auth.server";
import type { Role } from "~/features/accounts/roles";
import { assignRole, insertAccount } from "~/features/accounts/users/users.server";

export const TEST_PASSWORD = "Lime!Tree2026";

/** An account with a role (or none), signed in: its id, email and Cookie header. */
export async function signedInAccount(db: Database, email: string, role: Role | null) {
  const account = await insertAccount(db, email, TEST_PASSWORD);
  if (!role) return { ...account, cookie: "" };
  await assignRole(db, account.id, role);
  const { headers } = await getAuth(db).api.signInEmail({
    body: { email, password: TEST_PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { ...account, cookie };
}

/** A request as a browser sends it: with the account's cookie, and a form body for POST. */
export function browserRequest(path: string, cookie: string, form?: Record<string, string>): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (!form) return new Request(`http://localhost${path}`, { headers });
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** A route module's loader called as a browser's GET of `path` with the account's cookie would call it. */
export async function loadAs<T>(
  loader: (args: never) => unknown,
  path: string,
  cookie: string,
  context: unknown,
): Promise<T> {
  return (await loader({ request: browserRequest(path, cookie), context, params: {} } as never)) as T;
}
