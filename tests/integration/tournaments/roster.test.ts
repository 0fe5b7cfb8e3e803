import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { auditLog, carts, checkouts, emailOutbox, orders, refunds, tournamentSettings } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { fulfilCheckout } from "~/features/payments/checkout/checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { typedSchools } from "~/features/tournaments/staff-actions.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/admin/tournament";
import { loader as entriesCsvLoader } from "~/routes/admin/tournament-entries-csv";
import { loader as tournamentsLoader } from "~/routes/admin/tournaments";
import { browserRequest, signedInAccount } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase, openShopDatabase } from "#tests/support/testbed";
import { addEntry, loadFees, sheetDay, writeTournamentSheet } from "./support";

/** Decision 0040: a tournament's roster for staff, its Tabroom download, drops (with a refund) and school merges. */
let database: TestDatabase;
let ids: Record<string, string> = {};
let adminCookie = "";
let viewerCookie = "";
const names = defaultRegistrationProductNames("Citron");
const WINTER = "Winter Debate Tournament";
const key = tournamentKey(WINTER, sheetDay(30).iso);
const page = `/admin/tournaments/${encodeURIComponent(key)}`;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-roster-"));
  setEnvForTests(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dir,
      SESSION_SECRET: "s".repeat(40),
      EVENTS_SHEET_URL: writeTournamentSheet(dir),
      PUBLIC_URL: "https://citron.example",
    }),
  );
  ({ database, ids } = await openShopDatabase());
  adminCookie = (await signedInAccount(database.db, "director@example.org", "admin")).cookie;
  viewerCookie = (await signedInAccount(database.db, "coach@example.org", "user")).cookie;
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(refunds);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(tournamentSettings);
});

/** A paid registration: added on /fees, checked out and paid in the sandbox. */
async function paid(product: string, fields: Record<string, string>, email = "parent@example.org") {
  const winter = (await loadFees(database)).offers.find((offer) => offer.title === WINTER)!;
  const cookie = await addEntry(database, ids[product]!, { scheduleEvent: winter.id, ...fields });
  const cartId = (await readCartIdFromCookies(cookie))!;
  const result = await checkoutCart(database.db, { cartId, email });
  if (!result.ok) throw new Error(result.message);
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
  await fulfilCheckout(database.db, checkout.id, {
    id: checkout.providerSessionId!,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout.totalAmount,
    checkoutId: checkout.id,
  });
  return (await database.db.query.orders.findFirst({ where: eq(orders.checkoutId, checkout.id) }))!;
}

async function csv(loader: (args: never) => unknown, url: string, cookie = viewerCookie) {
  const response = (await loader({
    request: browserRequest(url, cookie),
    context: database.context(),
    params: { key },
  } as never)) as Response;
  expect(response.headers.get("Content-Type")).toContain("text/csv");
  return Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true });
}

async function post(form: Record<string, string>) {
  const request = browserRequest(page, adminCookie, form);
  const result = (await tournamentAction({
    request,
    context: database.context(),
    params: { key },
  } as never)) as unknown;
  if (result instanceof Response) return { status: result.status, message: null, preview: null };
  const { data, init } = result as {
    data: { message: string; preview?: { count: number; text: string } };
    init?: { status?: number };
  };
  return { status: init?.status ?? 200, message: data.message, preview: data.preview ?? null };
}

const [firstSchool, secondSchool] = memberSchools();

/** Ana Li and Ben Cho in Public Forum, of the first member school. */
const paidTeam = () =>
  paid(names.tournamentEntry, {
    studentName: "Ana Li",
    schoolCode: firstSchool!.code,
    competitionEvent: "Public Forum (PF)",
    partnerFirst: "Ben",
    partnerLast: "Cho",
  });

describe("the roster", () => {
  it("downloads in Tabroom's entries layout, read back by a CSV library with its exact header", async () => {
    await paidTeam();
    await paid(names.tournamentEntry, {
      studentName: "Mary Ann Lee",
      schoolCode: "other",
      studentSchool: "Yeshiva U HS",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    await paid(names.judgeFee, { schoolName: firstSchool!.name, schoolContact: "coach@school.example" });

    const parsed = await csv(entriesCsvLoader, `${page}/entries.csv`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      "Code",
      "Event",
      "Schcode",
      "Student1First",
      "Student1Last",
      "Student2First",
      "Student2Last",
      "School",
    ]);
    expect(parsed.data).toEqual([
      {
        Code: "101",
        Event: "LD",
        Schcode: "",
        Student1First: "Mary Ann",
        Student1Last: "Lee",
        Student2First: "",
        Student2Last: "",
        School: "Yeshiva U HS",
      },
      {
        Code: "100",
        Event: "PF",
        Schcode: firstSchool!.code,
        Student1First: "Ana",
        Student1Last: "Li",
        Student2First: "Ben",
        Student2Last: "Cho",
        School: firstSchool!.name,
      },
    ]);
    const oneEvent = await csv(
      entriesCsvLoader,
      `${page}/entries.csv?event=${encodeURIComponent("Public Forum (PF)")}`,
    );
    expect(oneEvent.data.map((row) => row.Student1First)).toEqual(["Ana"]);

    // The page: entries by event with their school, contact and state.
    const view = (await tournamentLoader({
      request: browserRequest(page, viewerCookie),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.canManage).toBe(false);
    expect(
      view.roster.entries.map((entry) => [
        entry.event,
        entry.student,
        entry.partner,
        entry.school,
        entry.email,
        entry.state,
      ]),
    ).toEqual([
      ["Public Forum (PF)", "Ana Li", "Ben Cho", firstSchool!.name, "parent@example.org", "paid"],
      ["Lincoln-Douglas (LD)", "Mary Ann Lee", null, "Yeshiva U HS", "parent@example.org", "paid"],
    ]);
    expect(view.roster.typedSchools).toEqual([{ name: "Yeshiva U HS", entries: 1 }]);
  });

  it("dropping an entry with a refund marks it DROP, refunds it through the refund flow and frees its place", async () => {
    const form = new URLSearchParams({ intent: "settings" });
    form.append("event", "Lincoln-Douglas (LD)");
    form.set("cap-0", "1");
    const settings = new Request(`http://localhost${page}`, {
      method: "POST",
      headers: { Cookie: adminCookie },
      body: form,
    });
    await tournamentAction({ request: settings, context: database.context(), params: { key } } as never);
    const order = await paid(names.tournamentEntry, {
      studentName: "Ana Li",
      studentSchool: "Riverside",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    expect((await loadFees(database)).offers.find((offer) => offer.title === WINTER)?.full).toEqual([
      "Lincoln-Douglas (LD)",
    ]);

    const dropped = await post({
      intent: "drop",
      orderId: order.id,
      refund: "1",
      requestKey: "drop-key-0001",
      reason: "",
    });
    expect(dropped.status).toBe(302);
    const after = (await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!;
    expect(after.droppedAt).not.toBeNull();
    expect(after.refundedAmount).toBe(after.totalAmount);
    expect(await database.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(1);
    expect((await loadFees(database)).offers.find((offer) => offer.title === WINTER)?.full).toEqual([]);
    const parsed = await csv(entriesCsvLoader, `${page}/entries.csv`);
    expect(parsed.data.map((row) => [row.Code, row.Student1First])).toEqual([["DROP", "Ana"]]);
    expect(
      (await database.db.select().from(auditLog))
        .map((row) => row.action)
        .filter((action) => action.startsWith("tournament.") || action === "payment.refund"),
    ).toEqual(expect.arrayContaining(["tournament.settings", "tournament.drop", "payment.refund"]));

    // Again: already dropped, nothing more happens (a 409, no second refund).
    expect(await post({ intent: "drop", orderId: order.id, requestKey: "drop-key-0002" })).toMatchObject({
      status: 409,
    });
    expect(await database.db.$count(refunds)).toBe(1);
  });

  it("a school typed under Other merged into a member school takes its name and code on every entry naming it", async () => {
    await paid(names.tournamentEntry, {
      studentName: "Ana Li",
      studentSchool: "yuhsb",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    await paid(names.tournamentEntry, {
      studentName: "Dov Katz",
      schoolCode: secondSchool!.code,
      competitionEvent: "Public Forum (PF)",
      partnerFirst: "Eli",
      partnerLast: "Stein",
      partnerSchoolCode: "other",
      partnerSchool: "YUHSB ",
    });
    // A team whose partner's school is the student's typed one counts once.
    await paid(names.tournamentEntry, {
      studentName: "Gil Bar",
      studentSchool: "Yuhsb",
      competitionEvent: "Policy Debate",
      partnerFirst: "Hod",
      partnerLast: "Ze",
    });
    expect(await typedSchools(database.db, key)).toEqual([{ name: "yuhsb", entries: 3 }]);
    const merged = await post({ intent: "merge-school", typed: "yuhsb", into: firstSchool!.code });
    expect(merged.status).toBe(302);
    const rows = await database.db.select().from(orders).where(eq(orders.tournamentKey, key));
    expect(
      rows
        .map((row) => [
          row.studentName,
          row.studentSchool,
          row.registration?.schoolCode,
          row.registration?.partnerSchoolCode ?? null,
        ])
        .sort(),
    ).toEqual([
      ["Ana Li", firstSchool!.name, firstSchool!.code, null],
      ["Dov Katz", secondSchool!.name, secondSchool!.code, firstSchool!.code],
      ["Gil Bar", firstSchool!.name, firstSchool!.code, firstSchool!.code],
    ]);
    expect(await post({ intent: "merge-school", typed: "yuhsb", into: firstSchool!.code })).toMatchObject({
      status: 409,
    });
    expect(await post({ intent: "merge-school", typed: "x", into: "NOPE" })).toMatchObject({ status: 400 });
  });

  it("a tournament whose day has gone by stays on the list as past, its roster reachable", async () => {
    const past = "2020-01-05|old-cup";
    await database.db.insert(orders).values({
      itemName: "Entry",
      totalAmount: 2500,
      customerEmail: "old@example.org",
      status: "completed",
      studentName: "Old Timer",
      studentSchool: "Riverside",
      tournamentName: "Old Cup",
      tournamentDate: "2020-01-05",
      eventType: "Original Oratory",
      tournamentKey: past,
    });
    const list = (await tournamentsLoader({
      request: browserRequest("/admin/tournaments", viewerCookie),
      context: database.context(),
      params: {},
    } as never)) as Awaited<ReturnType<typeof tournamentsLoader>>;
    expect(list.tournaments.find((item) => item.key === past)).toMatchObject({
      title: "Old Cup",
      past: true,
      orphaned: false,
    });
    expect(list.tournaments.find((item) => item.key === key)).toMatchObject({ past: false, orphaned: false });
    const view = (await tournamentLoader({
      request: browserRequest(`/admin/tournaments/${encodeURIComponent(past)}`, viewerCookie),
      context: database.context(),
      params: { key: past },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.roster.entries.map((entry) => entry.student)).toEqual(["Old Timer"]);
  });

  it("only admins change anything", async () => {
    const request = browserRequest(page, viewerCookie, { intent: "drop", orderId: crypto.randomUUID() });
    const outcome = await tournamentAction({ request, context: database.context(), params: { key } } as never).catch(
      (thrown: unknown) => thrown,
    );
    expect(
      outcome instanceof Response ? outcome.status : (outcome as { init?: { status?: number } }).init?.status,
    ).toBe(403);
  });
});

describe("messages to registrants and the confirmation", () => {
  it("a paid entry's confirmation names the tournament, event and partner and how to reach staff", async () => {
    await paidTeam();
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail?.text).toContain(
      `Ana Li and Ben Cho (${firstSchool!.name}) are registered for Public Forum (PF) at ${WINTER}`,
    );
    expect(mail?.text).toMatch(/Questions about a registration\? Reply to this email or write to \S+@\S+/);
    expect(mail?.replyTo).toBeTruthy();
  });

  it("preview, a test to yourself, then one email per address through the outbox, audited with the count, once", async () => {
    await paid(
      names.tournamentEntry,
      { studentName: "Ana Li", studentSchool: "Riverside", competitionEvent: "Lincoln-Douglas (LD)" },
      "Family@example.org",
    );
    await paid(
      names.tournamentEntry,
      { studentName: "Dov Li", studentSchool: "Riverside", competitionEvent: "Original Oratory" },
      "family@example.org",
    );
    await paid(
      names.tournamentEntry,
      { studentName: "Eli Roth", studentSchool: "Riverside", competitionEvent: "Original Oratory" },
      "roth@example.org",
    );
    await database.db.delete(emailOutbox);
    const draft = { subject: "Room change", body: "Round one moves to room 204.", sendKey: "send-key-0001" };

    const preview = await post({ intent: "message-preview", event: "", ...draft });
    expect(preview).toMatchObject({ status: 200 });
    expect(preview.preview?.count).toBe(2);
    expect(preview.preview?.text).toContain("Round one moves to room 204.");
    expect(await database.db.$count(emailOutbox)).toBe(0);
    const oneEvent = await post({ intent: "message-preview", event: "Original Oratory", ...draft });
    expect(oneEvent.preview?.count).toBe(2);
    const ld = await post({ intent: "message-preview", event: "Lincoln-Douglas (LD)", ...draft });
    expect(ld.preview?.count).toBe(1);

    const test = await post({ intent: "message-test", event: "", ...draft });
    expect(test.message).toBe("A test was sent to director@example.org.");
    expect((await database.db.select().from(emailOutbox)).map((row) => [row.to, row.subject])).toEqual([
      ["director@example.org", "[Test] Room change"],
    ]);
    await database.db.delete(emailOutbox);

    expect(await post({ intent: "message-send", event: "", confirmCount: "2", ...draft })).toMatchObject({
      status: 302,
    });
    const sent = await database.db.select().from(emailOutbox);
    expect(sent.map((row) => row.to).sort()).toEqual(["family@example.org", "roth@example.org"]);
    expect(sent.every((row) => row.subject === "Room change" && row.text.includes("room 204"))).toBe(true);
    const audit = (await database.db.select().from(auditLog)).filter((row) => row.action === "tournament.message");
    expect(audit.map((row) => row.details?.count)).toEqual([2]);

    // The same form again: nothing more is queued.
    expect(await post({ intent: "message-send", event: "", confirmCount: "2", ...draft })).toMatchObject({
      status: 409,
      message: "This message was already sent.",
    });
    expect(await database.db.$count(emailOutbox)).toBe(2);
    expect(await post({ intent: "message-send", event: "", ...draft, subject: "" })).toMatchObject({ status: 400 });
  });

  it("a Send must confirm the count it reaches, and a tournament gets at most three messages an hour (decision 0044)", async () => {
    await paid(
      names.tournamentEntry,
      { studentName: "Ana Li", studentSchool: "Riverside", competitionEvent: "Lincoln-Douglas (LD)" },
      "family@example.org",
    );
    await paid(
      names.tournamentEntry,
      { studentName: "Eli Roth", studentSchool: "Riverside", competitionEvent: "Original Oratory" },
      "roth@example.org",
    );
    await database.db.delete(emailOutbox);
    // The hour's count starts empty here (the test before sent one to this tournament).
    await database.db.delete(auditLog).where(eq(auditLog.action, "tournament.message"));
    const draft = (n: number) => ({
      subject: `Update ${n}`,
      body: "Round one moves to room 204.",
      sendKey: `fresh-key-${n}00`,
    });
    // No confirmation (or a count that is no longer right): the preview comes back with the count to confirm.
    const unconfirmed = await post({ intent: "message-send", event: "", ...draft(1) });
    expect(unconfirmed).toMatchObject({
      status: 409,
      message: 'Not sent yet: this message goes to 2 addresses. Check the preview, then press "Send to 2 addresses".',
      preview: { count: 2 },
    });
    expect((await post({ intent: "message-send", event: "", confirmCount: "5", ...draft(1) })).status).toBe(409);
    expect(await database.db.$count(emailOutbox)).toBe(0);
    // Three confirmed messages with new keys go; a fourth within the hour does not, whatever its key.
    for (const n of [1, 2, 3])
      expect(await post({ intent: "message-send", event: "", confirmCount: "2", ...draft(n) })).toMatchObject({
        status: 302,
      });
    const fourth = await post({ intent: "message-send", event: "", confirmCount: "2", ...draft(4) });
    expect(fourth.status).toBe(429);
    expect(fourth.message).toMatch(
      /^At most 3 messages an hour go to this tournament's registrants\. Please try again in \d+ minutes?\.$/,
    );
    expect(await database.db.$count(emailOutbox)).toBe(6);
  });
});
