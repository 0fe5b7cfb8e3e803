import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userRoles, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { getAuth } from "../auth.server";
import { createOrUpdateAccount } from "./user-create.server";

describe("npm run user:create", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const signIn = (email: string, password: string) =>
    getAuth(database.db).api.signInEmail({ body: { email, password } });

  it("creates an admin who can sign in at once", async () => {
    expect(
      await createOrUpdateAccount(database.db, {
        email: "Boss@Example.org",
        password: "Gavel!Boss2026",
        role: "admin",
      }),
    ).toEqual({
      created: true,
      email: "boss@example.org",
    });
    await expect(signIn("boss@example.org", "Gavel!Boss2026")).resolves.toMatchObject({
      user: { email: "boss@example.org" },
    });
    const [row] = await database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId));
    expect(row?.role).toBe("admin");
  });

  it("updates the password and role of an existing account and ends its sessions", async () => {
    expect(
      await createOrUpdateAccount(database.db, { email: "boss@example.org", password: "Second!Try2026", role: "user" }),
    ).toEqual({
      created: false,
      email: "boss@example.org",
    });
    expect(await database.db.select().from(sessions)).toEqual([]);
    await expect(signIn("boss@example.org", "Gavel!Boss2026")).rejects.toThrow("Invalid email or password");
    await expect(signIn("boss@example.org", "Second!Try2026")).resolves.toBeTruthy();
    expect((await database.db.select({ role: userRoles.role }).from(userRoles))[0]?.role).toBe("user");
  });

  it.each([
    ["boss@example.org", "short", "Password must be at least 8 characters long."],
    ["new@example.org", "Citron!2026x", "Password contains common patterns. Please choose a more secure password."],
    ["not-an-email", "Gavel!Boss2026", "Please enter a valid email address."],
  ])("refuses %j / %j: %s", async (email, password, message) => {
    await expect(createOrUpdateAccount(database.db, { email, password, role: "admin" })).rejects.toThrow(message);
    expect(await database.db.select().from(users).where(eq(users.email, "new@example.org"))).toEqual([]);
  });
});
