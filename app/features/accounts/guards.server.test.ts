import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "~/core/env.server";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { testEnv } from "#tests/support/testbed";
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

  it("where two-factor is required, let staff without it reach the setup page and its data, nothing else", async () => {
    setEnvForTests(testEnv("guards-2fa", { ADMIN_TWO_FACTOR: "required" }));
    try {
      const context = database.context();
      // Passes (the role) or where the gate sends the browser.
      const outcome = (path: string, cookie: string) =>
        requireUser(browserRequest(path, cookie), context).then(
          (found) => found.role,
          (error: unknown) => {
            if (error instanceof Response) return error.headers.get("Location");
            throw error;
          },
        );
      const setup = "/admin/profile?setup=two-factor";
      const cases: [string, string][] = [
        // The setup page, as a document and as a client-side navigation or form post asks for it (single fetch).
        [setup, "admin"],
        ["/admin/profile.data?setup=two-factor&_routes=routes%2Fadmin-layout%2Croutes%2Fadmin-profile", "admin"],
        ["/admin/profile.data?_routes=routes%2Fadmin-profile", "admin"],
        // Any other page, by either address, goes to the setup; a path only beginning like the page's is another.
        ["/admin/orders", setup],
        ["/admin/users.data?_routes=routes%2Fadmin-layout%2Croutes%2Fadmin-users", setup],
        ["/_root.data?_routes=root", setup],
        ["/admin/profiles.data", setup],
      ];
      for (const [path, expected] of cases) {
        expect({ path, outcome: await outcome(path, admin.cookie) }).toEqual({ path, outcome: expected });
      }
      // Staff without the admin role are asked for it too: they read donor and student data (decision 0037).
      expect(await outcome("/orders.data", user.cookie)).toBe(setup);
      expect(await outcome(setup, user.cookie)).toBe("user");
    } finally {
      setEnvForTests(undefined);
    }
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
