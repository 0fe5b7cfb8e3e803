import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { readToast } from "~/core/toast.server";
import { auditLog, emailOutbox, sessions, userRoles, users } from "~/db/schema";
import { action, loader } from "~/routes/admin/users";
import { browserRequest, signedInAccount, TEST_PASSWORD } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { getAuth } from "~/features/accounts/auth.server";
import { getSessionUser, type SessionUser } from "~/features/accounts/guards.server";
import { adminCreateUser, adminSendTestEmail } from "~/features/accounts/users/users.server";

type Reply = {
  intent: string;
  ok: boolean;
  notice: { type: string; title: string; description?: string };
  values?: { email: string; role: string };
};

describe("User Management actions", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let director: Awaited<ReturnType<typeof signedInAccount>>;
  let coach: Awaited<ReturnType<typeof signedInAccount>>;

  const act = (form: Record<string, string>, path = "/admin/users") =>
    action({ request: browserRequest(path, admin.cookie, form), context: database.context(), params: {} } as never);
  async function post(form: Record<string, string>) {
    const result = (await act(form)) as { data: Reply; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, ...result.data };
  }
  const roleOf = async (id: string) =>
    (await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))[0]?.role ??
    null;

  beforeAll(async () => {
    database = await createTestDatabase();
    director = await signedInAccount(database.db, "director@example.org", "admin");
    admin = await signedInAccount(database.db, "second.admin@example.org", "admin");
    coach = await signedInAccount(database.db, "coach@example.org", "user");
  });
  afterAll(() => database.destroy());

  it("lists users with role and US dates in New York time", async () => {
    const data = (await loader({
      request: browserRequest("/admin/users", admin.cookie),
      context: database.context(),
      params: {},
    } as never)) as {
      users: { email: string; role: string | null; created: string; isProtected: boolean; isSelf: boolean }[];
    };
    expect(data.users.map((user) => [user.email, user.role, user.isProtected, user.isSelf])).toEqual([
      ["director@example.org", "admin", true, false],
      ["second.admin@example.org", "admin", false, true],
      ["coach@example.org", "user", false, false],
    ]);
    expect(data.users[0]!.created).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  });

  it("Add New User: required fields, the policy, duplicates, then success with the role", async () => {
    expect(await post({ intent: "create", email: "", password: "", role: "user" })).toMatchObject({
      status: 400,
      notice: { title: "Error", description: "Please fill in all required fields." },
    });
    expect(
      (await post({ intent: "create", email: "new@example.org", password: "Admin!2026x", role: "user" })).notice
        .description,
    ).toBe("Password contains common patterns. Please choose a more secure password.");
    const created = await post({
      intent: "create",
      email: "New.Judge@Example.org",
      password: "Gavel!Judge77",
      role: "admin",
    });
    expect(created).toMatchObject({
      status: 200,
      ok: true,
      notice: { title: "User created successfully with admin role." },
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, "new.judge@example.org"));
    expect(await roleOf(row!.id)).toBe("admin");
    expect(
      (await post({ intent: "create", email: "new.judge@example.org", password: "Gavel!Judge77", role: "user" })).notice
        .description,
    ).toBe("A user with this email already exists.");
    // The new account can sign in at once.
    await expect(
      getAuth(database.db).api.signInEmail({ body: { email: "new.judge@example.org", password: "Gavel!Judge77" } }),
    ).resolves.toBeTruthy();
  });

  it("Add New User checks the address like the command line does", async () => {
    for (const email of ["not-an-address", "two@example.org, three@example.org", "a@b"]) {
      expect(await post({ intent: "create", email, password: "Gavel!Judge77", role: "user" })).toMatchObject({
        status: 400,
        ok: false,
        notice: { description: "Please enter a valid email address." },
      });
    }
    expect(await database.db.$count(users, eq(users.email, "not-an-address"))).toBe(0);
  });

  it("a refused Add New User comes back with its email and role to fill the form in again, never the password", async () => {
    const refused = await post({
      intent: "create",
      email: "Not-An-Address",
      password: "Secret!Pass2026",
      role: "admin",
    });
    expect(refused).toMatchObject({ status: 400, ok: false, values: { email: "Not-An-Address", role: "admin" } });
    expect(JSON.stringify(refused)).not.toContain("Secret!Pass2026");
    const weak = await post({ intent: "create", email: "weak@example.org", password: "password1", role: "user" });
    expect(weak).toMatchObject({ status: 400, values: { email: "weak@example.org", role: "user" } });
    const created = await post({
      intent: "create",
      email: "kept@example.org",
      password: "Gavel!Kept2026",
      role: "user",
    });
    expect(created.ok).toBe(true);
    expect(created.values).toBeUndefined();
  });

  it("an admin cannot demote themselves", async () => {
    const refused = await post({ intent: "role", userId: admin.id, role: "user" });
    expect(refused).toMatchObject({
      status: 400,
      ok: false,
      notice: { description: "You cannot take away your own admin role. Ask another admin." },
    });
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("builds the test email with the shared template, escaping what it shows", async () => {
    setEnvForTests(
      parseEnv({ ...process.env, DATA_DIR: "/tmp/citron-users-test", SITE_NAME: "Citron <b>District</b> & Co" }),
    );
    try {
      const actor = { id: admin.id, email: admin.email, role: "admin" } as SessionUser;
      const sent: { subject: string; html: string; text: string }[] = [];
      await adminSendTestEmail(database.db, actor, async (message) => {
        sent.push(message);
      });
      expect(sent[0]!.html).toContain("Citron &lt;b&gt;District&lt;/b&gt; &amp; Co");
      expect(sent[0]!.html).not.toContain("<b>District</b>");
      expect(sent[0]!.html).toMatch(/^<!doctype html>/i);
      expect(sent[0]!.text).toContain("second.admin@example.org");
    } finally {
      setEnvForTests(undefined);
    }
  });

  it("reports docs/product.md's partial success when the role cannot be set", async () => {
    await database.db.execute(sql`alter table user_roles add constraint no_new_roles check (role <> 'user') not valid`);
    try {
      const actor = { id: admin.id, email: admin.email, role: "admin" } as SessionUser;
      const outcome = await adminCreateUser(database.db, actor, {
        email: "half@example.org",
        password: "Half!Done2026",
        role: "user",
      });
      expect(outcome.notice).toMatchObject({ title: "User Created" });
      expect(outcome.notice.description).toMatch(/role could not be assigned/);
    } finally {
      await database.db.execute(sql`alter table user_roles drop constraint no_new_roles`);
    }
  });

  it("changes a role by replacing the record, and keeps the protected admin an admin", async () => {
    expect(await post({ intent: "role", userId: coach.id, role: "admin" })).toMatchObject({
      notice: { title: "User role updated to admin" },
    });
    expect(await roleOf(coach.id)).toBe("admin");
    expect(await post({ intent: "role", userId: coach.id, role: "user" })).toMatchObject({
      notice: { title: "User role updated to user" },
    });
    const demote = await post({ intent: "role", userId: director.id, role: "user" });
    expect(demote.status).toBe(403);
    expect(await roleOf(director.id)).toBe("admin");
    expect((await post({ intent: "role", userId: coach.id, role: "owner" })).notice.description).toBe(
      "Failed to update user role.",
    );
    expect((await post({ intent: "role", userId: "missing", role: "user" })).notice.description).toBe(
      "User not found.",
    );
  });

  it("Delete removes the role and the sessions, keeps the account, and never touches the protected admin", async () => {
    const refused = await post({ intent: "delete", userId: director.id });
    expect(refused).toMatchObject({ status: 403, notice: { description: "This user cannot be deleted." } });
    expect(await roleOf(director.id)).toBe("admin");

    expect((await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).length).toBeGreaterThan(0);
    // Confirmed from ?delete=<id> (the page without JavaScript): back to the list, with the notice as a flash toast.
    const removed = (await act({ intent: "delete", userId: coach.id }, `/admin/users?delete=${coach.id}`)) as Response;
    expect(removed).toBeInstanceOf(Response);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/admin/users");
    const flash = await readToast(
      new Request("http://localhost/admin/users", {
        headers: { Cookie: removed.headers.get("Set-Cookie")!.split(";")[0]! },
      }),
    );
    expect(flash.toast).toMatchObject({
      type: "success",
      title: "User Role Removed",
      description: "coach@example.org no longer has any access.",
    });
    expect(await roleOf(coach.id)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, coach.id))).toEqual([]);
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.id, coach.id))).toHaveLength(1);
    expect((await post({ intent: "delete", userId: admin.id })).notice.description).toBe(
      "You cannot remove your own access.",
    );
  });

  it("Reset Password queues the reset email for that account", async () => {
    await database.db.delete(emailOutbox);
    expect(await post({ intent: "reset", userId: director.id })).toMatchObject({
      notice: {
        title: "Password Reset Email Sent",
        description: "A reset link has been sent to director@example.org.",
      },
    });
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual(["director@example.org"]);
    expect((await post({ intent: "reset", userId: "" })).notice.description).toBe(
      "No user selected for password reset.",
    );
  });

  it("the test email reports success or docs/product.md's failure text", async () => {
    const actor = { id: admin.id, email: admin.email, role: "admin" } as SessionUser;
    const sent: string[][] = [];
    const ok = await adminSendTestEmail(database.db, actor, async (message) => {
      sent.push(message.to as string[]);
    });
    expect(ok.notice.title).toBe("Test Email Sent");
    expect(sent).toEqual([["director@example.org", "info@example.org", "webmaster@example.org"]]);
    const failed = await adminSendTestEmail(database.db, actor, async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    });
    expect(failed.notice.description).toBe("Failed to send test email: connect ECONNREFUSED 127.0.0.1:25");
  });

  it("writes who did what to whom in the audit log", async () => {
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actorEmail, "second.admin@example.org"));
    const actions = rows.map((row) => `${row.action} ${row.targetEmail ?? ""}`.trim());
    expect(actions).toEqual(
      expect.arrayContaining([
        "user.create new.judge@example.org",
        "user.role_change coach@example.org",
        "user.role_remove coach@example.org",
        "user.password_reset_request director@example.org",
        "email.test",
      ]),
    );
    expect(rows.every((row) => row.createdAt instanceof Date && row.actorUserId === admin.id)).toBe(true);
  });
});

describe("cookies in production", () => {
  it("are __Host- prefixed, Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https", async () => {
    setEnvForTests(
      parseEnv({ ...process.env, PUBLIC_URL: "https://district.example", SESSION_SECRET: "x".repeat(40) }),
    );
    const database = await createTestDatabase();
    try {
      await signedInAccount(database.db, "secure@example.org", null);
      await database.db
        .insert(userRoles)
        .values({ userId: (await database.db.select().from(users))[0]!.id, role: "user" });
      const { headers } = await getAuth(database.db).api.signInEmail({
        body: { email: "secure@example.org", password: TEST_PASSWORD },
        returnHeaders: true,
      });
      const session = headers.getSetCookie().find((line) => line.includes("session_token"));
      expect(session).toMatch(/^__Host-citron\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
      expect(session).toMatch(/; Path=\//i);
      expect(session).not.toMatch(/Domain=/i);
      const cookie = session!.split(";")[0]!;
      const user = await getSessionUser(
        new Request("https://district.example/orders", { headers: { Cookie: cookie } }),
        database.context(),
      );
      expect(user?.email).toBe("secure@example.org");
    } finally {
      setEnvForTests(undefined);
      await database.destroy();
    }
  });
});
