import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToast } from "~/core/toast.server";
import { isConnectionError } from "~/db/availability.server";
import { openDatabase } from "~/db/client.server";
import { createRequestContext } from "~/db/context";
import { accessCheckFailed, requireUser } from "~/features/accounts/guards.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as productsLoader } from "~/routes/admin/products";
import { loader as profileLoader } from "~/routes/admin/profile";
import { loader as usersLoader } from "~/routes/admin/users";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";

// docs/product.md sections 6 and 8: when the account's role cannot be read, an admin page is not
// shown and no error page either: home, with "Failed to verify access." (Profile: "Failed to load profile information.").
describe("a role check that fails", () => {
  let database: TestDatabase;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await signedInAccount(database.db, "director@example.org", "admin");
  });
  afterAll(() => database.destroy());

  async function outcome(loader: (args: never) => unknown, path: string) {
    try {
      await loader({ request: browserRequest(path, admin.cookie), context: database.context(), params: {} } as never);
      return { status: 200 };
    } catch (thrown) {
      if (!(thrown instanceof Response)) return { status: 500, error: String(thrown) };
      const cookies = thrown.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      const { toast } = await readToast(new Request("http://citron.test/", { headers: { Cookie: cookies } }));
      return { status: thrown.status, location: thrown.headers.get("Location"), toast };
    }
  }

  it("sends an admin page home with the notice; the header shows the visitor signed out", async () => {
    // The role table cannot be read for a moment (as when the database fails mid-query).
    await database.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      for (const [loader, path] of [
        [productsLoader, "/admin/products"],
        [usersLoader, "/admin/users"],
        [layoutLoader, "/admin/products"],
      ] as const) {
        expect(await outcome(loader as never, path)).toEqual({
          status: 302,
          location: "/",
          toast: { type: "error", title: "Error", description: "Failed to verify access." },
        });
      }
      for (const loader of [profileLoader, layoutLoader]) {
        expect(await outcome(loader as never, "/admin/profile")).toEqual({
          status: 302,
          location: "/",
          toast: { type: "error", title: "Error", description: "Failed to load profile information." },
        });
      }
      const root = (await rootLoader({
        request: browserRequest("/", admin.cookie),
        context: database.context(),
        params: {},
      } as never)) as unknown as {
        data: { user: unknown };
      };
      expect(root.data.user).toBeNull();
    } finally {
      await database.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
    // And once it can be read again, the page shows.
    expect(await outcome(productsLoader as never, "/admin/products")).toEqual({ status: 200 });
  });

  it("leaves a lost database connection to the outage page (503), instead of sending the visitor home", async () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    await expect(accessCheckFailed()(lost)).rejects.toBe(lost);
    const other = await accessCheckFailed()(new Error("relation does not exist")).catch((thrown: unknown) => thrown);
    expect(other).toBeInstanceOf(Response);
    expect((other as Response).headers.get("Location")).toBe("/");
  });

  it("a session lookup whose connection fails is an outage too, though better-auth reports it as its own error", async () => {
    // A PostgreSQL that refuses: the lookup's query fails inside better-auth ("Failed to get session").
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusing = await openDatabase({
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
      dataDir: "memory://",
      poolSize: 1,
    });
    try {
      const context = createRequestContext({ requestId: "test", nonce: "" }, refusing.db);
      const thrown = await requireUser(browserRequest("/orders", admin.cookie), context).catch(
        (error: unknown) => error,
      );
      // Not the sign-in page nor home with a notice: the error goes on, and the server answers the outage's 503.
      expect(thrown).not.toBeInstanceOf(Response);
      expect(isConnectionError(thrown)).toBe(true);
    } finally {
      await refusing.close();
    }
  });
});
