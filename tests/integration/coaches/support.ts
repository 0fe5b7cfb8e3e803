import { coachSchools } from "~/db/schema";
import type { MemberSchool } from "~/features/tournaments/schools";
import { signedInAccount } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";

/** A signed-in coach of `schools` (decision 0054): the account, the role, its schools; its id, email and cookie. */
export async function signedInCoach(database: TestDatabase, email: string, schools: readonly MemberSchool[]) {
  const account = await signedInAccount(database.db, email, "coach");
  await database.db
    .insert(coachSchools)
    .values(schools.map((school) => ({ userId: account.id, schoolCode: school.code, schoolName: school.name })));
  return account;
}

type Handler = (args: never) => unknown;

/** A loader's answer: its data, or the status it refused with (a thrown Response or `data(…, { status })`). */
export async function answerOf(call: () => unknown): Promise<{ status: number; body: string; location?: string }> {
  try {
    const value = await call();
    if (value instanceof Response)
      return value.headers.has("Location")
        ? { status: value.status, body: "", location: value.headers.get("Location")! }
        : { status: value.status, body: await value.text() };
    const returned = value as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (returned?.type === "DataWithResponseInit")
      return { status: returned.init?.status ?? 200, body: JSON.stringify(returned.data) };
    return { status: 200, body: JSON.stringify(value) };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: "", location: error.headers.get("Location") ?? "" };
    const thrown = error as { type?: string; init?: ResponseInit | null };
    if (thrown?.type === "DataWithResponseInit") return { status: thrown.init?.status ?? 500, body: "" };
    throw error;
  }
}

/** Calls a route's loader as a browser's GET of `path` with the cookie. */
export function load(database: TestDatabase, loader: Handler, path: string, cookie: string, params = {}) {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  return answerOf(() =>
    loader({
      request: new Request(`http://localhost${path}`, { headers }),
      context: database.context(),
      params,
    } as never),
  );
}
