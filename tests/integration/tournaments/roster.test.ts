import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  checkouts,
  emailOutbox,
  entryChanges,
  orders,
  products,
  refunds,
  tournamentEntryCodes,
  tournamentSettings,
} from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { failCheckout, fulfilCheckout } from "~/features/payments/checkout/checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { typedSchools } from "~/features/tournaments/staff-actions.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/admin/tournament";
import { loader as tabroomCsvLoader } from "~/routes/admin/tournament-tabroom-csv";
import { loader as tabroomZipLoader } from "~/routes/admin/tournament-tabroom-zip";
import { loader as staffEntriesLoader } from "~/routes/admin/orders-entries-export";
import { importTabroomEntries, tabroomLines } from "#tests/support/tabroom-importer";
import { loader as tournamentsLoader } from "~/routes/admin/tournaments";
import { browserRequest } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase } from "#tests/support/testbed";
import { addEntry, loadFees, openTournamentTestbed, sheetDay } from "./support";

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
  ({ database, ids, adminCookie, viewerCookie } = await openTournamentTestbed("roster"));
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
  await database.db.delete(tournamentEntryCodes);
});

/** A registration checked out (not paid yet): added on /fees, its checkout open. `studentName` is split at its last space. */
async function checkedOut(product: string, fields: Record<string, string>, email = "parent@example.org") {
  const winter = (await loadFees(database)).offers.find((offer) => offer.title === WINTER)!;
  const { studentName, ...rest } = fields;
  if (studentName) {
    const space = studentName.lastIndexOf(" ");
    Object.assign(rest, { studentFirst: studentName.slice(0, space), studentLast: studentName.slice(space + 1) });
  }
  const cookie = await addEntry(database, ids[product]!, { scheduleEvent: winter.id, ...rest });
  const cartId = (await readCartIdFromCookies(cookie))!;
  const result = await checkoutCart(database.db, { cartId, email });
  if (!result.ok) throw new Error(result.message);
  return (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, result.checkoutId) }))!;
}

/** A paid registration: added on /fees, checked out and paid in the sandbox. */
async function paid(product: string, fields: Record<string, string>, email = "parent@example.org") {
  const checkout = await checkedOut(product, fields, email);
  await fulfilCheckout(database.db, checkout.id, {
    id: checkout.providerSessionId!,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout.totalAmount,
    checkoutId: checkout.id,
  });
  return (await database.db.query.orders.findFirst({ where: eq(orders.checkoutId, checkout.id) }))!;
}

async function download(loader: (args: never) => unknown, url: string, cookie = viewerCookie) {
  return (await loader({
    request: browserRequest(url, cookie),
    context: database.context(),
    params: { key },
  } as never)) as Response;
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
  it("downloads each event's file in Tabroom's template, read by Tabroom's rules: every active entry, no other", async () => {
    // Decision 0046. A team of a member school with accents and an apostrophe; a three-word name; a hyphenated one
    // of a typed school; a dropped entry, one refunded in full, one declined (its checkout failed) and one unpaid.
    await paid(names.tournamentEntry, {
      studentName: "José Núñez-Ibáñez",
      schoolCode: firstSchool!.code,
      competitionEvent: "Public Forum (PF)",
      partnerFirst: "Zoë",
      partnerLast: "O'Brien",
    });
    const declined = await checkedOut(names.tournamentEntry, {
      studentName: "Noa Paz",
      studentSchool: "Riverside",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    await failCheckout(database.db, declined.id, "declined");
    await paid(names.tournamentEntry, {
      studentName: "Mary Ann Lee",
      schoolCode: "other",
      studentSchool: "Yeshiva U HS",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    const dropped = await paid(names.tournamentEntry, {
      studentName: "Tal Or",
      schoolCode: secondSchool!.code,
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    const refunded = await paid(names.tournamentEntry, {
      studentName: "Gil Bar",
      schoolCode: secondSchool!.code,
      competitionEvent: "Original Oratory",
    });
    await paid(names.tournamentEntry, {
      studentName: "Ruth Smith-Jones",
      schoolCode: secondSchool!.code,
      competitionEvent: "Original Oratory",
    });
    await checkedOut(names.tournamentEntry, {
      studentName: "Eli Unpaid",
      schoolCode: secondSchool!.code,
      competitionEvent: "Original Oratory",
    });
    await paid(names.judgeFee, { schoolName: firstSchool!.name, schoolContact: "coach@school.example" });
    await database.db.update(orders).set({ droppedAt: new Date() }).where(eq(orders.id, dropped.id));
    await database.db.update(orders).set({ refundedAmount: refunded.totalAmount }).where(eq(orders.id, refunded.id));

    // Codes: given at payment in the order the entries were added, never to the declined or the unpaid one.
    const view = (await tournamentLoader({
      request: browserRequest(page, viewerCookie),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.roster.entries.map((entry) => [entry.code, entry.first, entry.last, entry.state])).toEqual([
      [100, "José", "Núñez-Ibáñez", "paid"],
      [101, "Mary Ann", "Lee", "paid"],
      [102, "Tal", "Or", "dropped"],
      [103, "Gil", "Bar", "refunded"],
      [104, "Ruth", "Smith-Jones", "paid"],
      [null, "Eli", "Unpaid", "awaiting payment"],
    ]);
    expect(view.roster.tabroom.files.map((file) => [file.filename, file.entries])).toEqual([
      [`LD-${sheetDay(30).iso}.csv`, 1],
      [`PF-${sheetDay(30).iso}.csv`, 1],
      [`OO-${sheetDay(30).iso}.csv`, 1],
    ]);
    expect(view.roster.tabroom.leftOut.map((entry) => [entry.student, entry.reason])).toEqual([
      ["Tal Or", "dropped"],
      ["Gil Bar", "refunded"],
      ["Eli Unpaid", "awaiting payment"],
    ]);
    expect(view.roster.tabroom.folded.map((name) => `${name.typed} as ${name.written}`)).toEqual([
      "José as Jose",
      "Núñez-Ibáñez as Nunez-Ibanez",
      "Zoë as Zoe",
    ]);
    expect([view.roster.tabroom.typedSchoolEntries, view.roster.tabroom.typedSchools]).toEqual([1, ["Yeshiva U HS"]]);

    // Each event's file and the zip's, as Tabroom's importer reads them.
    const expected = {
      "Lincoln-Douglas (LD)": [["Yeshiva U HS", "", "101", [["Mary Ann", "Lee"]]]],
      "Public Forum (PF)": [
        [
          firstSchool!.tabroomName,
          firstSchool!.tabroomState,
          "100",
          [
            ["Jose", "Nunez-Ibanez"],
            ["Zoe", "O'Brien"],
          ],
        ],
      ],
      "Original Oratory": [[secondSchool!.tabroomName, secondSchool!.tabroomState, "104", [["Ruth", "Smith-Jones"]]]],
    };
    const read = (bytes: Uint8Array) => {
      expect(bytes.some((byte) => byte >= 128)).toBe(false);
      expect(bytes.subarray(0, 12)).toEqual(new TextEncoder().encode("School Name,"));
      expect(tabroomLines(bytes).every((line) => line.fields !== null && line.text.endsWith("\r\n"))).toBe(true);
      const { entries, skipped } = importTabroomEntries(bytes);
      expect(skipped.map((line) => line.reason)).toEqual(["header"]);
      return entries.map((entry) => [
        entry.school,
        entry.state,
        entry.code,
        entry.students.map((student) => [student.first, student.last]),
      ]);
    };
    const zipResponse = await download(tabroomZipLoader, `${page}/tabroom.zip`);
    expect(zipResponse.headers.get("Content-Type")).toBe("application/zip");
    expect(zipResponse.headers.get("Content-Disposition")).toBe(
      `attachment; filename="tabroom-${sheetDay(30).iso}.zip"`,
    );
    const zipped = unzipSync(new Uint8Array(await zipResponse.arrayBuffer()));
    expect(Object.keys(zipped)).toEqual(view.roster.tabroom.files.map((file) => file.filename));
    for (const file of view.roster.tabroom.files) {
      const response = await download(tabroomCsvLoader, `${page}/tabroom.csv?event=${encodeURIComponent(file.event)}`);
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${file.filename}"`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(read(bytes)).toEqual(expected[file.event as keyof typeof expected]);
      expect(strFromU8(zipped[file.filename]!)).toBe(new TextDecoder().decode(bytes));
    }
    const header = strFromU8(zipped[`PF-${sheetDay(30).iso}.csv`]!).split("\r\n")[0];
    expect(header).toBe(
      "School Name, State/Prov, Entry Code,Pairing Seed (1-100), Speaker 1 First,Speaker 1 Middle,Speaker 1 Last,Speaker 1 Novice (Y/N),Speaker 1 Email,Speaker 2 First,Speaker 2 Middle,Speaker 2 Last,Speaker 2 Novice (Y/N),Speaker 2 Email",
    );
    expect(
      (await download(tabroomCsvLoader, `${page}/tabroom.csv?event=Policy%20Debate`).catch(
        (e: unknown) => e,
      )) as unknown,
    ).toMatchObject({
      init: { status: 404 },
    });

    // The same code in the confirmation email and the staff CSV.
    const mails = await database.db.select().from(emailOutbox);
    expect(
      mails.some(
        (mail) =>
          mail.text.includes("Mary Ann Lee is registered for Lincoln-Douglas (LD)") &&
          mail.text.includes("entry code 101"),
      ),
    ).toBe(true);
    const staff = Papa.parse<Record<string, string>>(
      await (await download(staffEntriesLoader, "/orders/entries.csv")).text(),
      { header: true, skipEmptyLines: true },
    );
    expect(staff.data.find((row) => row.Student === "Mary Ann Lee")?.["Entry Code"]).toBe("101");
  });

  it("a code is never given again: a later payment takes the next one after a drop, a decline or a refund", async () => {
    const first = await paid(names.tournamentEntry, {
      studentName: "Ana Li",
      studentSchool: "Riverside",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    await database.db.update(orders).set({ droppedAt: new Date() }).where(eq(orders.id, first.id));
    const late = await checkedOut(names.tournamentEntry, {
      studentName: "Bo Chen",
      studentSchool: "Riverside",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    const second = await paid(names.tournamentEntry, {
      studentName: "Dov Katz",
      studentSchool: "Riverside",
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    await fulfilCheckout(database.db, late.id, {
      id: late.providerSessionId!,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: late.totalAmount,
      checkoutId: late.id,
    });
    const codes = async () =>
      Object.fromEntries(
        (await database.db.select().from(orders).where(eq(orders.tournamentKey, key))).map((row) => [
          row.studentName,
          row.entryCode,
        ]),
      );
    // Paid in this order: Ana, Dov, then Bo (added before Dov, paid after him).
    expect(await codes()).toEqual({ "Ana Li": 100, "Dov Katz": 101, "Bo Chen": 102 });
    await database.db.update(orders).set({ refundedAmount: second.totalAmount }).where(eq(orders.id, second.id));
    await tournamentLoader({
      request: browserRequest(page, viewerCookie),
      context: database.context(),
      params: { key },
    } as never);
    expect(await codes()).toEqual({ "Ana Li": 100, "Dov Katz": 101, "Bo Chen": 102 });
  });

  it("an entry made with its name in one field is marked for staff, who confirm or correct its parts", async () => {
    const [old] = await database.db
      .insert(orders)
      .values({
        itemName: "Entry",
        totalAmount: 2500,
        customerEmail: "old@example.org",
        status: "completed",
        studentName: "Mary Ann Lee",
        studentSchool: "Riverside",
        tournamentName: WINTER,
        tournamentDate: sheetDay(30).iso,
        eventType: "Original Oratory",
        tournamentKey: key,
      })
      .returning();
    const roster = async () =>
      (
        (await tournamentLoader({
          request: browserRequest(page, viewerCookie),
          context: database.context(),
          params: { key },
        } as never)) as Awaited<ReturnType<typeof tournamentLoader>>
      ).roster;
    expect((await roster()).entries.map((entry) => [entry.first, entry.last, entry.nameUnsure])).toEqual([
      ["Mary Ann", "Lee", true],
    ]);
    expect((await roster()).tabroom.toConfirm.map((entry) => entry.student)).toEqual(["Mary Ann Lee"]);
    expect(await post({ intent: "confirm-name", orderId: old!.id, first: "=Mary", last: "Ann Lee" })).toMatchObject({
      status: 400,
      message: "A name cannot begin with =, +, - or @.",
    });
    expect(await post({ intent: "confirm-name", orderId: old!.id, first: "Mary", last: "Ann Lee" })).toMatchObject({
      status: 302,
    });
    const after = await roster();
    expect(after.entries.map((entry) => [entry.student, entry.first, entry.last, entry.nameUnsure])).toEqual([
      ["Mary Ann Lee", "Mary", "Ann Lee", false],
    ]);
    expect(after.tabroom.toConfirm).toEqual([]);
    const file = await download(tabroomCsvLoader, `${page}/tabroom.csv?event=Original%20Oratory`);
    expect(importTabroomEntries(new Uint8Array(await file.arrayBuffer())).entries[0]!.students).toEqual([
      { first: "Mary", middle: "", last: "Ann Lee", novice: false, email: "" },
    ]);
    expect((await database.db.select().from(auditLog)).map((row) => row.action)).toContain("tournament.name");
  });

  it("novices are listed for staff to mark in Tabroom, never in its Novice column; students' emails go in when asked", async () => {
    const form = new URLSearchParams({ intent: "settings", askNovice: "1", askStudentEmail: "1", "abbr-1": "vpf" });
    for (const event of ["Public Forum (PF)", "Lincoln-Douglas (LD)"]) form.append("event", event);
    await tournamentAction({
      request: new Request(`http://localhost${page}`, { method: "POST", headers: { Cookie: adminCookie }, body: form }),
      context: database.context(),
      params: { key },
    } as never);
    await paid(names.tournamentEntry, {
      studentName: "Ana Li",
      schoolCode: firstSchool!.code,
      competitionEvent: "Public Forum (PF)",
      studentNovice: "on",
      studentEmail: "ana@example.org",
      partnerFirst: "Ben",
      partnerLast: "Cho",
      partnerEmail: "ben@example.org",
    });
    const file = await download(
      tabroomCsvLoader,
      `${page}/tabroom.csv?event=${encodeURIComponent("Public Forum (PF)")}`,
    );
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="VPF-${sheetDay(30).iso}.csv"`);
    // Tabroom's importer would pass a "Y" into its integer column and stop there (decision 0049).
    const imported = importTabroomEntries(new Uint8Array(await file.arrayBuffer()));
    expect(imported.refused).toEqual([]);
    expect(imported.entries[0]!.students).toEqual([
      { first: "Ana", middle: "", last: "Li", novice: false, email: "ana@example.org" },
      { first: "Ben", middle: "", last: "Cho", novice: false, email: "ben@example.org" },
    ]);
    const view = (await tournamentLoader({
      request: new Request(`http://localhost${page}`, { headers: { Cookie: adminCookie } }),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.roster.tabroom.files.map((one) => one.novices)).toEqual([[expect.stringMatching(/^Ana Li \(\d+\)$/)]]);
  });

  it("dropping an entry with a refund marks it dropped (its code kept), refunds it through the refund flow and frees its place", async () => {
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

    // Decision 0050: Drop first answers the amounts (nothing dropped), then Confirm drop with staff's choice.
    expect(await post({ intent: "drop", orderId: order.id })).toMatchObject({ status: 200 });
    expect((await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!.droppedAt).toBeNull();
    const dropped = await post({
      intent: "drop",
      orderId: order.id,
      confirm: "yes",
      refund: "whole",
      wholeCents: String(order.totalAmount),
      reason: "",
    });
    expect(dropped.status).toBe(302);
    const after = (await database.db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!;
    expect(after.droppedAt).not.toBeNull();
    expect(after.refundedAmount).toBe(after.totalAmount);
    expect(await database.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(1);
    expect((await loadFees(database)).offers.find((offer) => offer.title === WINTER)?.full).toEqual([]);
    const view = (await tournamentLoader({
      request: browserRequest(page, viewerCookie),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.roster.entries.map((entry) => [entry.code, entry.state])).toEqual([[100, "dropped"]]);
    expect(view.roster.tabroom.files).toEqual([]);
    expect(
      (await database.db.select().from(auditLog))
        .map((row) => row.action)
        .filter((action) => action.startsWith("tournament.") || action === "payment.refund"),
    ).toEqual(expect.arrayContaining(["tournament.settings", "tournament.drop", "payment.refund"]));

    // The entry's history names the staff member (decision 0047).
    expect(await database.db.select().from(entryChanges).where(eq(entryChanges.orderId, order.id))).toEqual([
      expect.objectContaining({ kind: "drop", actorKind: "staff", actorLabel: "director@example.org" }),
    ]);

    // Again: already dropped, nothing more happens (a 409, no second refund).
    expect(
      await post({ intent: "drop", orderId: order.id, confirm: "yes", refund: "whole", wholeCents: "1" }),
    ).toMatchObject({ status: 409 });
    expect(await database.db.$count(refunds)).toBe(1);
  });

  it("staff set the refund policy beside the settings: checked on the server, said in plain words (decision 0048)", async () => {
    const tooLate = await post({ intent: "refund-policy", refundFullUntil: sheetDay(31).iso, refundAfter: "" });
    expect(tooLate).toMatchObject({ status: 400, message: expect.stringMatching(/^The full refund must end by/) });
    // The demo catalogue's entry fee bounds the amount.
    const fee = (await database.db.query.products.findFirst({ where: eq(products.id, ids[names.tournamentEntry]!) }))!;
    const tooMuch = await post({ intent: "refund-policy", refundAfter: ((fee.price + 1) / 100).toFixed(2) });
    expect(tooMuch).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The amount after that day can be at most/),
    });
    expect(await database.db.$count(tournamentSettings)).toBe(0);

    const day = sheetDay(20).iso;
    expect(await post({ intent: "refund-policy", refundFullUntil: day, refundAfter: "5" })).toMatchObject({
      status: 302,
    });
    const view = (await tournamentLoader({
      request: browserRequest(page, adminCookie),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.tournament.refundPolicy).toEqual({ refundFullUntil: day, refundAfterCents: 500 });
    // The other settings keep their defaults.
    expect(view.tournament.events.length).toBeGreaterThan(1);
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
