import { auditLog } from "~/db/schema/accounts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactUs, orders, type NewOrder } from "~/db/schema";
import {
  action as contactAction,
  loader as contactLoader,
  middleware as contactMiddleware,
} from "~/routes/admin/contact-submissions";
import { loader as donationsLoader } from "~/routes/admin/donations";
import { loader as donationsExport } from "~/routes/admin/donations-export";
import { loader as entriesExport } from "~/routes/admin/orders-entries-export";
import { loader as ordersExport } from "~/routes/admin/orders-export";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { signedInAccount } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { aDonationOrder, anEntryOrder } from "#tests/support/rows";

// Loaders and actions of the three dashboards on a real database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set), called the way the router calls them.

let database: TestDatabase;
const cookies: Record<"admin" | "user", string> = { admin: "", user: "" };

function args(path: string, who: "admin" | "user" | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set("Cookie", cookies[who]);
  const request = new Request(`http://localhost${path}`, { ...init, headers });
  return { request, context: database.context(), params: {}, unstable_pattern: path } as never;
}

async function thrown(promise: unknown): Promise<Response | { type: string; init?: ResponseInit }> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected the loader to throw");
}

// The rows these tests read, from the shared factories (tests/support/rows.ts), as the shop and the donate page
// write them.
const entry = (student: string, tournament: string, event: string, days: number, extra: Partial<NewOrder> = {}) =>
  anEntryOrder({ studentName: student, tournamentName: tournament, eventType: event, daysAgo: days, ...extra });
const donation = (email: string, cents: number, days: number, extra: Partial<NewOrder> = {}) =>
  aDonationOrder({ customerEmail: email, totalAmount: cents, daysAgo: days, ...extra });

beforeAll(async () => {
  database = await createTestDatabase();
  cookies.admin = (await signedInAccount(database.db, "director@example.org", "admin")).cookie;
  cookies.user = (await signedInAccount(database.db, "coach@example.org", "user")).cookie;
});

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(orders);
  await database.db.delete(contactUs);
});

describe("the role guard", () => {
  it.each(["/orders", "/admin/donations", "/orders/export.csv", "/orders/entries.csv", "/admin/donations/export.csv"])(
    "%s sends a signed-out visitor to sign in",
    async (path) => {
      const loader = {
        "/orders": ordersLoader,
        "/admin/donations": donationsLoader,
        "/orders/export.csv": ordersExport,
        "/orders/entries.csv": entriesExport,
        "/admin/donations/export.csv": donationsExport,
      }[path]!;
      const response = (await thrown(loader(args(path, null)))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it("lets every signed-in user see orders and donations", async () => {
    await expect(ordersLoader(args("/orders", "user"))).resolves.toMatchObject({ ok: true });
    await expect(donationsLoader(args("/admin/donations", "user"))).resolves.toMatchObject({ ok: true });
  });

  it("keeps contact messages from a non-admin (403) and a signed-out visitor (sign in, with docs/product.md's notice)", async () => {
    const denied = (await thrown(contactLoader(args("/contact-submissions", "user")))) as { init?: ResponseInit };
    expect(denied.init?.status).toBe(403);
    const next = async () => new Response("page");
    const signedOut = (await thrown(
      contactMiddleware[0]!(args("/contact-submissions?status=all", null), next),
    )) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/contact-submissions?status=all")}`,
    );
    expect(signedOut.headers.get("Set-Cookie")).toContain("toast=");
    await expect(contactMiddleware[0]!(args("/contact-submissions", "admin"), next)).resolves.toBeInstanceOf(Response);
    const loaderSignedOut = (await thrown(contactLoader(args("/contact-submissions", null)))) as Response;
    expect(loaderSignedOut.status).toBe(302);
  });

  it("refuses the handled action to a non-admin", async () => {
    const body = new URLSearchParams({ intent: "handle", id: crypto.randomUUID() });
    const denied = (await thrown(contactAction(args("/contact-submissions", "user", { method: "POST", body })))) as {
      init?: ResponseInit;
    };
    expect(denied.init?.status).toBe(403);
  });
});

describe("/orders", () => {
  it("says there are no orders at all, apart from no match", async () => {
    const empty = (await ordersLoader(args("/orders", "admin"))) as {
      ok: true;
      listing: { total: number; totalAll: number };
    };
    expect(empty.listing).toMatchObject({ total: 0, totalAll: 0 });
    await database.db.insert(orders).values(entry("Maya Goldberg", "Winter", "Lincoln-Douglas", 1));
    const none = (await ordersLoader(args("/orders?student=Nobody", "admin"))) as typeof empty;
    expect(none.listing).toMatchObject({ total: 0, totalAll: 1 });
  });

  it("lists completed orders only, newest first, with filters by student, tournament and event", async () => {
    await database.db
      .insert(orders)
      .values([
        entry("Maya Goldberg", "Winter Classic", "Lincoln-Douglas", 5),
        entry("Eli Rosen", "Winter Classic", "Public Forum", 1),
        entry("Noa Feldman", "Fall Invitational", "Public Forum", 3),
        entry("Maya Goldberg", "Fall Invitational", "Public Forum", 2, { status: "pending" }),
        entry("Ari Weiss", "Winter Classic", "Lincoln-Douglas", 4, { status: "failed" }),
      ]);
    type Result = {
      ok: true;
      listing: { rows: { studentName: string }[]; total: number; totalAmount: number | null };
      options: { tournaments: string[]; events: string[] };
    };
    const all = (await ordersLoader(args("/orders", "user"))) as Result;
    expect(all.listing.rows.map((row) => row.studentName)).toEqual(["Eli Rosen", "Noa Feldman", "Maya Goldberg"]);
    expect(all.listing.totalAmount).toBeNull();
    expect(all.options).toEqual({
      tournaments: ["Fall Invitational", "Winter Classic"],
      events: ["Lincoln-Douglas", "Public Forum"],
    });

    const byStudent = (await ordersLoader(args("/orders?student=maya", "user"))) as Result;
    expect(byStudent.listing.rows.map((row) => row.studentName)).toEqual(["Maya Goldberg"]);
    const byBoth = (await ordersLoader(
      args(
        `/orders?tournament=${encodeURIComponent("Winter Classic")}&event=${encodeURIComponent("Public Forum")}`,
        "user",
      ),
    )) as Result;
    expect(byBoth.listing.rows.map((row) => row.studentName)).toEqual(["Eli Rosen"]);
    expect(byBoth.listing.totalAmount).toBe(2500);
    const wildcard = (await ordersLoader(args("/orders?student=%25", "user"))) as Result;
    expect(wildcard.listing.total).toBe(0);
  });

  it("pages through many orders, 25 at a time", async () => {
    await database.db
      .insert(orders)
      .values(Array.from({ length: 120 }, (_, i) => entry(`Student ${i}`, "Winter", "Public Forum", i)));
    type Result = {
      ok: true;
      listing: { rows: { studentName: string }[]; page: number; pageCount: number; total: number };
    };
    const first = (await ordersLoader(args("/orders", "admin"))) as Result;
    expect(first.listing).toMatchObject({ page: 1, pageCount: 5, total: 120 });
    expect(first.listing.rows).toHaveLength(25);
    expect(first.listing.rows[0]?.studentName).toBe("Student 0");
    const last = (await ordersLoader(args("/orders?page=5", "admin"))) as Result;
    expect(last.listing.rows).toHaveLength(20);
    expect(last.listing.rows.at(-1)?.studentName).toBe("Student 119");
    const beyond = (await ordersLoader(args("/orders?page=99", "admin"))) as Result;
    expect(beyond.listing.page).toBe(5);
  });

  it("pages through a student search (a short term too), carrying only the shown columns", async () => {
    await database.db
      .insert(orders)
      .values(
        Array.from({ length: 120 }, (_, i) =>
          entry(`Student ${i}`, "Winter", "Public Forum", i, { registration: { secret: "not shown" } as never }),
        ),
      );
    type Result = {
      ok: true;
      listing: {
        rows: Record<string, unknown>[];
        page: number;
        pageCount: number;
        total: number;
        totalAmount: number | null;
      };
    };
    const first = (await ordersLoader(args("/orders?student=student", "admin"))) as Result;
    expect(first.listing).toMatchObject({ page: 1, pageCount: 5, total: 120, totalAmount: 120 * 2500 });
    expect(first.listing.rows.map((row) => row.studentName).slice(0, 2)).toEqual(["Student 0", "Student 1"]);
    expect(first.listing.rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(first.listing.rows[0] ?? {})).not.toContain("registration");
    const last = (await ordersLoader(args("/orders?student=student&page=5", "admin"))) as Result;
    expect(last.listing.rows.map((row) => row.studentName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Student ${100 + i}`),
    );
    // Past the end: the last page, as without a search.
    const beyond = (await ordersLoader(args("/orders?student=student&page=9", "admin"))) as Result;
    expect(beyond.listing).toMatchObject({ page: 5, total: 120 });
    expect(beyond.listing.rows).toHaveLength(20);
    // Under three characters: no trigram to look up, the same answer.
    const short = (await ordersLoader(args("/orders?student=NT&page=2", "admin"))) as Result;
    expect(short.listing).toMatchObject({ page: 2, total: 120, totalAmount: 120 * 2500 });
    expect(short.listing.rows.map((row) => row.studentName).slice(0, 2)).toEqual(["Student 25", "Student 26"]);
    // The entries view shows counts: its listing carries no rows.
    const entries = (await ordersLoader(args("/orders?view=entries&student=student", "admin"))) as Result;
    expect(entries.listing).toMatchObject({ total: 120, rows: [] });
  });

  it("filters by a term found in hundreds of student names too", async () => {
    await database.db
      .insert(orders)
      .values(Array.from({ length: 510 }, (_, i) => entry(`Student ${i}`, "Winter", "Public Forum", i)));
    type Result = { ok: true; listing: { rows: { studentName: string }[]; total: number } };
    const many = (await ordersLoader(args("/orders?student=stu&page=2", "admin"))) as Result;
    expect(many.listing.total).toBe(510);
    expect(many.listing.rows[0]?.studentName).toBe("Student 25");
    const one = (await ordersLoader(args("/orders?student=student%20509", "admin"))) as Result;
    expect(one.listing.rows.map((row) => row.studentName)).toEqual(["Student 509"]);
  });

  it("answers a search holding a NUL (which PostgreSQL's text cannot hold) as if it were not there", async () => {
    await database.db.insert(orders).values(entry("Maya Goldberg", "Winter", "Public Forum", 1));
    type Result = { ok: boolean; listing: { rows: { studentName: string }[] } };
    const listed = (await ordersLoader(args("/orders?student=Ma%00ya", "admin"))) as Result;
    expect(listed.ok).toBe(true);
    expect(listed.listing.rows.map((row) => row.studentName)).toEqual(["Maya Goldberg"]);
    const donations = (await donationsLoader(args("/admin/donations?email=%00ruth", "admin"))) as { ok: boolean };
    expect(donations.ok).toBe(true);
  });

  it("counts entries per tournament and event, leaving out donations and unpaid entries", async () => {
    await database.db
      .insert(orders)
      .values([
        entry("Maya Goldberg", "Winter Classic", "Lincoln-Douglas", 5),
        entry("Eli Rosen", "Winter Classic", "Lincoln-Douglas", 4),
        entry("Noa Feldman", "Winter Classic", "Public Forum", 3),
        entry("Ari Weiss", "Winter Classic", "Public Forum", 2, { status: "pending" }),
        donation("ruth@example.com", 5000, 1, { eventType: "memory:Leon Adler" }),
      ]);
    const result = (await ordersLoader(args("/orders?view=entries", "admin"))) as {
      entries: unknown;
      options: { events: string[] };
    };
    // A memorial gift's event_type is not offered as a competition event.
    expect(result.options.events).toEqual(["Lincoln-Douglas", "Public Forum"]);
    expect(result.entries).toEqual([
      {
        tournamentName: "Winter Classic",
        tournamentDate: "2026-12-13",
        total: 3,
        events: [
          { eventType: "Lincoln-Douglas", entries: 2 },
          { eventType: "Public Forum", entries: 1 },
        ],
      },
    ]);
  });

  it("exports the filtered orders and the entry roster as CSV", async () => {
    await database.db
      .insert(orders)
      .values([
        entry("Maya Goldberg", "Winter Classic", "Lincoln-Douglas", 5),
        entry("Eli Rosen", "Winter Classic", "Public Forum", 1),
      ]);
    const response = (await ordersExport(args("/orders/export.csv?event=Public+Forum", "user"))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Eli Rosen");
    expect(lines[1]).toContain(",25.00,");
    const roster = (await entriesExport(args("/orders/entries.csv", "user"))) as Response;
    const rosterLines = (await roster.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rosterLines.slice(1).map((line) => line.split(",")[3])).toEqual(["Maya Goldberg", "Eli Rosen"]);
  });
});

describe("/admin/donations", () => {
  type Result = {
    ok: true;
    listing: {
      rows: { customerEmail: string }[];
      matching: number;
      summary: { totalCents: number; count: number; averageCents: number };
      months: { month: string; totalCents: number }[];
    };
  };

  it("shows $0.00 cards and no rows when there are no donations", async () => {
    await database.db.insert(orders).values(entry("Maya Goldberg", "Winter", "Lincoln-Douglas", 1));
    const result = (await donationsLoader(args("/admin/donations", "user"))) as Result;
    expect(result.listing.summary).toEqual({ totalCents: 0, count: 0, averageCents: 0 });
    expect(result.listing.matching).toBe(0);
    expect(result.listing.months).toHaveLength(12);
  });

  it("sums and averages completed donations only, and searches by donor email", async () => {
    await database.db
      .insert(orders)
      .values([
        donation("ruth.adler@example.com", 18_000, 3),
        donation("dlevine@example.net", 5000, 2, { eventType: "honor:Coach Levine" }),
        donation("ruth.adler@example.com", 2500, 1, { itemName: "Monthly Donation" }),
        donation("ghost@example.com", 99_900, 1, { status: "failed" }),
        entry("Maya Goldberg", "Winter", "Lincoln-Douglas", 1),
      ]);
    const all = (await donationsLoader(args("/admin/donations", "user"))) as Result;
    expect(all.listing.summary).toEqual({ totalCents: 25_500, count: 3, averageCents: 8500 });
    expect(all.listing.rows.map((row) => row.customerEmail)).toEqual([
      "ruth.adler@example.com",
      "dlevine@example.net",
      "ruth.adler@example.com",
    ]);
    expect(all.listing.months.reduce((sum, month) => sum + month.totalCents, 0)).toBe(25_500);

    const searched = (await donationsLoader(args("/admin/donations?email=RUTH", "user"))) as Result;
    expect(searched.listing.matching).toBe(2);
    expect(searched.listing.summary.count).toBe(3);
    const none = (await donationsLoader(args("/admin/donations?email=nobody", "user"))) as Result;
    expect(none.listing.matching).toBe(0);
    expect(none.listing.rows).toEqual([]);

    const csv = (await donationsExport(args("/admin/donations/export.csv?email=dlevine", "user"))) as Response;
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date,Donor Name,Email,Amount (USD),Memorial/Honor,Description,Order ID,Refunded (USD),Disputed (USD),Lost in disputes (USD),Kept (USD),Monthly,Campaign",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("dlevine@example.net,50.00,In honor of Coach Levine,");
  });
});

describe("/contact-submissions", () => {
  async function insertMessages() {
    const rows = await database.db
      .insert(contactUs)
      .values([
        {
          name: "Older Open",
          email: "old@example.org",
          inquiryPurpose: "other",
          comment: "An older open message here.",
          createdAt: new Date(Date.now() - 7_200_000),
        },
        {
          name: "Newer Open",
          email: "new@example.org",
          phone: "(212) 555-0147",
          inquiryPurpose: "join-district",
          comment: "A newer <b>open</b> message.",
          createdAt: new Date(Date.now() - 3_600_000),
        },
        {
          name: "Done",
          email: "done@example.org",
          inquiryPurpose: "other",
          comment: "Already answered message.",
          handledAt: new Date(),
          handledBy: "director@example.org",
        },
      ])
      .returning();
    return rows;
  }
  type Result = {
    ok: true;
    listing: {
      rows: { name: string }[];
      counts: Record<string, number>;
      selected: { name: string; comment: string } | null;
    };
  };

  it("lists open messages newest first, with counts, and opens the one in ?id=", async () => {
    const [older, newer] = await insertMessages();
    const open = (await contactLoader(args("/contact-submissions", "admin"))) as Result;
    expect(open.listing.rows.map((row) => row.name)).toEqual(["Newer Open", "Older Open"]);
    expect(open.listing.counts).toEqual({ open: 2, handled: 1, all: 3 });
    expect(open.listing.selected).toBeNull();
    const handled = (await contactLoader(args("/contact-submissions?status=handled", "admin"))) as Result;
    expect(handled.listing.rows.map((row) => row.name)).toEqual(["Done"]);
    const all = (await contactLoader(args(`/contact-submissions?status=all&id=${newer!.id}`, "admin"))) as Result;
    expect(all.listing.rows).toHaveLength(3);
    expect(all.listing.selected).toMatchObject({ name: "Newer Open", comment: "A newer <b>open</b> message." });
    const bad = (await contactLoader(args("/contact-submissions?id=not-a-uuid", "admin"))) as Result;
    expect(bad.listing.selected).toBeNull();
    expect(older).toBeDefined();
  });

  it("marks a message handled (recording who) and reopens it", async () => {
    const [message] = await insertMessages();
    const post = (intent: string, id: string) =>
      contactAction(
        args("/contact-submissions", "admin", {
          method: "POST",
          body: new URLSearchParams({ intent, id, status: "open" }),
        }),
      );
    const done = (await post("handle", message!.id)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/contact-submissions?id=${message!.id}`);
    const [row] = await database.db.select().from(contactUs).where(eq(contactUs.id, message!.id));
    expect(row?.handledBy).toBe("director@example.org");
    expect(row?.handledAt).toBeInstanceOf(Date);
    await post("reopen", message!.id);
    const [reopened] = await database.db.select().from(contactUs).where(eq(contactUs.id, message!.id));
    expect(reopened).toMatchObject({ handledAt: null, handledBy: null });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.actorEmail, "director@example.org"));
    expect(audit.map((entry) => [entry.action, (entry.details as { contactId: string }).contactId])).toEqual(
      expect.arrayContaining([
        ["contact.handle", message!.id],
        ["contact.reopen", message!.id],
      ]),
    );
  });

  it('says docs/product.md\'s "Failed to load contact submissions." when the store fails', async () => {
    await database.db.execute(sql`alter table contact_us rename to contact_us_away`);
    try {
      const failed = (await contactLoader(args("/contact-submissions", "admin"))) as {
        data: { ok: boolean };
        init: ResponseInit;
      };
      expect(failed.init.status).toBe(500);
      expect(failed.data.ok).toBe(false);
    } finally {
      await database.db.execute(sql`alter table contact_us_away rename to contact_us`);
    }
  });

  it("answers bad input with 400 and an unknown message with 404, changing nothing", async () => {
    await insertMessages();
    const bad = (await contactAction(
      args("/contact-submissions", "admin", {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", id: "x" }),
      }),
    )) as { init: ResponseInit };
    expect(bad.init.status).toBe(400);
    const missing = (await contactAction(
      args("/contact-submissions", "admin", {
        method: "POST",
        body: new URLSearchParams({ intent: "handle", id: crypto.randomUUID() }),
      }),
    )) as { init: ResponseInit };
    expect(missing.init.status).toBe(404);
    const counts = ((await contactLoader(args("/contact-submissions", "admin"))) as Result).listing.counts;
    expect(counts).toEqual({ open: 2, handled: 1, all: 3 });
  });
});
