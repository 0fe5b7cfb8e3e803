import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserRequest, signedInAccount } from "../../../tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database";
import { getSessionUser, requireAdmin, requireUser } from "./guards.server";

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    const data = error as { type?: string; init?: ResponseInit; data?: unknown };
    if (data.type === "DataWithResponseInit") return new Response(JSON.stringify(data.data), data.init ?? undefined);
    throw error;
  }
  throw new Error("expected the guard to throw");
}

describe("guards", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let user: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "boss@example.org", "admin");
    user = await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(() => database.destroy());

  it("know who is signed in, with role and dates", async () => {
    const found = await getSessionUser(browserRequest("/orders", admin.cookie), database.context());
    expect(found).toMatchObject({ id: admin.id, email: "boss@example.org", role: "admin" });
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect(found?.lastSignInAt).toBeInstanceOf(Date);
    expect(await getSessionUser(browserRequest("/orders", ""), database.context())).toBeNull();
    expect(
      await getSessionUser(browserRequest("/orders", "citron.session_token=forged.value"), database.context()),
    ).toBeNull();
  });

  it("send signed-out visitors to /auth with the way back", async () => {
    const response = await thrown(requireUser(browserRequest("/admin/users?page=2", ""), database.context()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2");
    // A sidebar link followed after the session ended asks for the page's data: the way back is the page.
    const fromNavigation = await thrown(
      requireUser(browserRequest("/admin/donations.data?_routes=routes%2Fadmin-donations", ""), database.context()),
    );
    expect(fromNavigation.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fdonations");
  });

  it("refuse a signed-in user without the admin role with 403 and docs/product.md's text", async () => {
    const response = await thrown(requireAdmin(browserRequest("/admin/users", user.cookie), database.context()));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      title: "Access Denied",
      message: "You must be an admin to view this page.",
    });
    await expect(requireAdmin(browserRequest("/admin/users", admin.cookie), database.context())).resolves.toMatchObject(
      { role: "admin" },
    );
  });
});
