import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linkTokenHash } from "~/core/link-tokens.server";
import {
  auditLog,
  carts,
  checkouts,
  emailOutbox,
  entryChangeDigests,
  entryChanges,
  entryLinks,
  orders,
  rateLimits,
  tournamentSettings,
} from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { runEntryChangeDigest } from "~/features/entry-changes/digest.server";
import { CLOSED_MESSAGE } from "~/features/entry-changes/changes.server";
import { RESEND_ANSWER } from "~/features/entry-changes/resend";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { tournamentEntries } from "~/features/tournaments/roster.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { loadTabroomFiles } from "~/features/tournaments/tabroom-data.server";
import { action as resendAction } from "~/routes/public/entries";
import { action as linkAction, loader as linkLoader } from "~/routes/public/entries-link";
import { schoolJudgeFormPath } from "~/features/judges/school-pass.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/admin/tournament";
import { browserRequest } from "#tests/support/accounts";
import { importTabroomEntries } from "#tests/support/tabroom-importer";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase } from "#tests/support/testbed";
import {
  addEntry,
  checkoutAndPay,
  loadFees,
  openTournamentTestbed,
  sheetDay,
  type TournamentTestbed,
} from "../tournaments/support";

/** Decision 0047: a family's private entries link, its changes, staff approval, history and the daily digest. */
let database: TestDatabase;
let ids: Record<string, string> = {};
let adminCookie = "";
const names = defaultRegistrationProductNames("Citron");
const WINTER = "Winter Debate Tournament";
const key = tournamentKey(WINTER, sheetDay(30).iso);
const [school, otherSchool] = memberSchools();
const LD = "Lincoln-Douglas (LD)";
const PF = "Public Forum (PF)";
const EXTEMP = "Extemporaneous Speaking";

let setEnv: TournamentTestbed["setEnv"];

beforeAll(async () => {
  ({ database, ids, adminCookie, setEnv } = await openTournamentTestbed("entry-changes"));
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  setEnv();
  await database.db.delete(emailOutbox);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(rateLimits);
  await database.db.delete(tournamentSettings);
  await database.db.delete(entryChangeDigests);
});

/** A paid registration of one entry at the Winter tournament; returns the checkout, its order and its link token. */
async function paidEntry(fields: Record<string, string>, email = "parent@example.org") {
  const winter = (await loadFees(database)).offers.find((offer) => offer.title === WINTER)!;
  const cookie = await addEntry(database, ids[names.tournamentEntry]!, {
    scheduleEvent: winter.id,
    studentFirst: "Ana",
    studentLast: "Lee",
    schoolCode: school!.code,
    competitionEvent: LD,
    ...fields,
  });
  const checkout = await checkoutAndPay(database, cookie, email);
  const order = (await database.db.query.orders.findFirst({ where: eq(orders.checkoutId, checkout.id) }))!;
  const receipt = (await database.db.query.emailOutbox.findMany()).find((row) => row.to === email)!;
  const token = /\/entries\/([A-Za-z0-9_-]+)/.exec(receipt.text)![1]!;
  return { checkout, order, token, receipt };
}

type Answer = { status: number; data: Record<string, unknown> };

async function call(
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
  address = "203.0.113.9",
): Promise<Answer> {
  try {
    const result = (await handler({
      request,
      context: database.context({ clientAddress: address }),
      params,
    } as never)) as unknown;
    if (result instanceof Response) return { status: result.status, data: {} };
    const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number } };
    return { status: init?.status ?? 200, data };
  } catch (thrown) {
    const { init } = thrown as { init?: { status?: number } };
    if (thrown instanceof Response) return { status: thrown.status, data: {} };
    return { status: init?.status ?? 500, data: {} };
  }
}

const change = (token: string, form: Record<string, string>, address?: string) =>
  call(linkAction, browserRequest(`/entries/${token}`, "", form), { token }, address);
const page = (token: string) => call(linkLoader, browserRequest(`/entries/${token}`, ""), { token });
const orderNow = async (id: string) => (await database.db.query.orders.findFirst({ where: eq(orders.id, id) }))!;
const history = (orderId: string) =>
  database.db.select().from(entryChanges).where(eq(entryChanges.orderId, orderId)).orderBy(entryChanges.createdAt);

describe("the private link", () => {
  it("is the receipt's call to action, kept only hashed, and its token is among the message's secrets", async () => {
    const { checkout, token, receipt } = await paidEntry({});
    expect(receipt.text).toContain(`https://citron.example/entries/${token}`);
    expect(receipt.secrets).toEqual([token]);
    const [link] = await database.db.select().from(entryLinks).where(eq(entryLinks.checkoutId, checkout.id));
    expect(link!.tokenHash).toBe(linkTokenHash(token));
    // The token appears in clear in no table: the outbox row holds it only until sent (then blanked).
    const dump = await database.db.execute(sql`select row_to_json(l)::text as row from entry_links l`);
    expect(JSON.stringify(dump)).not.toContain(token);
  });

  it("opens the entries page; a wrong or made-up token is a 404", async () => {
    const { token } = await paidEntry({});
    const shown = await page(token);
    expect(shown.status).toBe(200);
    const entry = (shown.data.entries as Array<Record<string, unknown>>)[0]!;
    expect(entry).toMatchObject({ tournament: WINTER, open: true, status: "entered" });
    expect(entry.fields).toMatchObject({ studentFirst: "Ana", studentLast: "Lee", event: LD });
    // The judge form's link carries the family's school (decision 0049): a judge named through it counts for it.
    expect(entry.judgeForm).toBe(schoolJudgeFormPath(key, { school: school!.name, schoolCode: school!.code }));
    expect(entry.judgeForm).toContain("&school=");
    // One character of the MAC changed (to another one: a token may already end in "x").
    const wrong = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    expect((await page(wrong)).status).toBe(404);
    expect((await page("not-a-token")).status).toBe(404);
  });
});

describe("a family's changes, at once", () => {
  it("fixes the student's name and school: the roster and the entry's history show it", async () => {
    const { order, token } = await paidEntry({});
    const answer = await change(token, {
      intent: "student",
      orderId: order.id,
      studentFirst: "Anna",
      studentLast: "Lee",
      schoolCode: otherSchool!.code,
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    const now = await orderNow(order.id);
    expect(now).toMatchObject({ studentName: "Anna Lee", studentSchool: otherSchool!.name });
    expect(now.registration).toMatchObject({ studentFirst: "Anna", studentLast: "Lee", schoolCode: otherSchool!.code });
    const roster = await tournamentEntries(database.db, key);
    expect(roster[0]).toMatchObject({ student: "Anna Lee", first: "Anna", school: otherSchool!.name });
    // Tabroom's file of the event carries the fixed name at once.
    const tabroom = await loadTabroomFiles(database.db, {
      key,
      date: sheetDay(30).iso,
      abbreviations: {},
      asks: { novice: false, studentEmail: false },
    });
    const ld = tabroom.files.find((file) => file.event === LD)!;
    expect(ld.csv).toContain("Anna");
    expect(ld.csv).not.toContain("Ana,");
    // As Tabroom's own entries importer reads the file: the fixed name, at the new school.
    const imported = importTabroomEntries(ld.csv).entries;
    expect(imported.map((entry) => [entry.school, entry.students.map((student) => student.first)])).toEqual([
      [expect.stringContaining(otherSchool!.name.split(" ")[0]!), ["Anna"]],
    ]);
    const [line] = await history(order.id);
    expect(line).toMatchObject({ actorKind: "family", actorLabel: "family link", kind: "student", status: "applied" });
    expect(line!.summary).toContain("from Ana Lee to Anna Lee");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "entry.change"));
    expect(audit.at(-1)!.actorEmail).toBe("family link: parent@example.org");
    // Said the same again: nothing to change, nothing written.
    const again = await change(token, {
      intent: "student",
      orderId: order.id,
      studentFirst: "Anna",
      studentLast: "Lee",
      schoolCode: otherSchool!.code,
    });
    expect(again.status).toBe(400);
    expect(await history(order.id)).toHaveLength(1);
  });

  it("refuses hostile names as registration does, and keeps SQL as plain text", async () => {
    const { order, token } = await paidEntry({});
    const base = { intent: "student", orderId: order.id, studentLast: "Lee", schoolCode: school!.code };
    for (const bad of ["Ana\nEvil", "=HYPERLINK(1)", "x".repeat(101), ""]) {
      const answer = await change(token, { ...base, studentFirst: bad });
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
    }
    expect((await orderNow(order.id)).studentName).toBe("Ana Lee");
    const sqlName = "Robert'); drop table orders;--";
    expect((await change(token, { ...base, studentFirst: sqlName })).status).toBe(200);
    expect((await orderNow(order.id)).studentName).toBe(`${sqlName} Lee`);
    // A tag is text to React and to Tabroom's file alike: stored as typed.
    expect((await change(token, { ...base, studentFirst: "<script>x</script>" })).status).toBe(200);
    // An entry of another checkout cannot be reached through this link.
    const other = await paidEntry({ studentFirst: "Ben" }, "other@example.org");
    const across = await change(token, { ...base, orderId: other.order.id, studentFirst: "Hacked" });
    expect(across.status).toBe(404);
    expect((await orderNow(other.order.id)).studentName).toBe("Ben Lee");
  });

  it("changes the partner of a team entry; refuses a partner on a one-person event", async () => {
    const { order, token } = await paidEntry({ competitionEvent: PF, partnerFirst: "Cam", partnerLast: "Ito" });
    const answer = await change(token, {
      intent: "partner",
      orderId: order.id,
      partnerFirst: "Dee",
      partnerLast: "Park",
      partnerSchoolCode: school!.code,
    });
    expect(answer).toMatchObject({ status: 200 });
    expect((await orderNow(order.id)).registration).toMatchObject({ partnerFirst: "Dee", partnerLast: "Park" });
    expect((await tournamentEntries(database.db, key))[0]!.partner).toBe("Dee Park");
    const solo = await paidEntry({}, "solo@example.org");
    const refused = await change(solo.token, {
      intent: "partner",
      orderId: solo.order.id,
      partnerFirst: "Dee",
      partnerLast: "Park",
    });
    expect(refused.status).toBe(400);
  });

  it("switches events under the cap: into a full event refused, the old place given back", async () => {
    await database.db
      .insert(tournamentSettings)
      .values({ key, title: WINTER, date: sheetDay(30).iso, caps: { [EXTEMP]: 1 } });
    const first = await paidEntry({});
    const second = await paidEntry({ studentFirst: "Bo" }, "second@example.org");
    expect(await change(first.token, { intent: "event", orderId: first.order.id, event: EXTEMP })).toMatchObject({
      status: 200,
    });
    expect((await orderNow(first.order.id)).eventType).toBe(EXTEMP);
    const full = await change(second.token, { intent: "event", orderId: second.order.id, event: EXTEMP });
    expect(full.status).toBe(409);
    expect(full.data.message).toBe(`${EXTEMP} at ${WINTER} is full.`);
    expect((await orderNow(second.order.id)).eventType).toBe(LD);
    // The first switches back: its Extemp place is free again, and the second takes it.
    expect((await change(first.token, { intent: "event", orderId: first.order.id, event: LD })).status).toBe(200);
    expect((await change(second.token, { intent: "event", orderId: second.order.id, event: EXTEMP })).status).toBe(200);
    const shown = await page(second.token);
    expect((shown.data.entries as Array<{ fields: { event: string } }>)[0]!.fields.event).toBe(EXTEMP);
  });

  it("refuses a switch or a rename that would enter the same student twice in one event, naming the entry", async () => {
    const ld = await paidEntry({});
    const extemp = await paidEntry({ competitionEvent: EXTEMP }, "extemp@example.org");
    const bo = await paidEntry({ studentFirst: "Bo" }, "bo@example.org");
    const switched = await change(extemp.token, { intent: "event", orderId: extemp.order.id, event: LD });
    expect(switched.status).toBe(409);
    expect(switched.data.message).toMatch(/^Ana Lee is already entered in .*\(entry \d+\)/);
    expect((await orderNow(extemp.order.id)).eventType).toBe(EXTEMP);
    const renamed = await change(bo.token, {
      intent: "student",
      orderId: bo.order.id,
      studentFirst: "ANA",
      studentLast: "lee",
      schoolCode: school!.code,
    });
    expect(renamed.status).toBe(409);
    expect((await orderNow(bo.order.id)).studentName).toBe("Bo Lee");
    // The entry itself is no repeat of itself: fixing its own name's case goes through.
    expect(
      (
        await change(ld.token, {
          intent: "student",
          orderId: ld.order.id,
          studentFirst: "Ana",
          studentLast: "Lee",
          schoolCode: otherSchool!.code,
        })
      ).status,
    ).toBe(200);
  });

  it("after the close (time moved by REGISTRATION_CLOCK) the page is read-only and every change is refused", async () => {
    const { order, token } = await paidEntry({});
    setEnv({ REGISTRATION_CLOCK: sheetDay(28).iso });
    const shown = await page(token);
    expect((shown.data.entries as Array<{ open: boolean }>)[0]!.open).toBe(false);
    const forms: Array<Record<string, string>> = [
      { intent: "student", orderId: order.id, studentFirst: "Late", studentLast: "Lee", schoolCode: school!.code },
      { intent: "event", orderId: order.id, event: EXTEMP },
    ];
    for (const form of forms) {
      const answer = await change(token, form);
      expect(answer).toMatchObject({ status: 409, data: { message: CLOSED_MESSAGE } });
    }
    expect(await orderNow(order.id)).toMatchObject({ studentName: "Ana Lee", eventType: LD });
  });

  it("limits changes per link per hour", async () => {
    const { order, token } = await paidEntry({});
    for (let n = 0; n < 10; n++) {
      const answer = await change(token, {
        intent: "student",
        orderId: order.id,
        studentFirst: `Ana${"a".repeat(n + 1)}`,
        studentLast: "Lee",
        schoolCode: school!.code,
      });
      expect(answer.status).toBe(200);
    }
    const limited = await change(token, {
      intent: "student",
      orderId: order.id,
      studentFirst: "Eleven",
      studentLast: "Lee",
      schoolCode: school!.code,
    });
    expect(limited.status).toBe(429);
  });
});

describe("staff approval", () => {
  it("keeps a family's change pending until staff approve it; a second press changes nothing", async () => {
    await database.db
      .insert(tournamentSettings)
      .values({ key, title: WINTER, date: sheetDay(30).iso, familyChanges: "approval" });
    const { order, token } = await paidEntry({});
    const asked = await change(token, { intent: "event", orderId: order.id, event: EXTEMP });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toContain("waiting for the district's approval");
    expect((await orderNow(order.id)).eventType).toBe(LD);
    const shown = await page(token);
    expect((shown.data.entries as Array<{ pending: string[] }>)[0]!.pending).toHaveLength(1);
    const [pending] = await database.db
      .select()
      .from(entryChanges)
      .where(and(eq(entryChanges.orderId, order.id), eq(entryChanges.status, "pending")));
    const adminPath = `/admin/tournaments/${encodeURIComponent(key)}`;
    const approve = () =>
      call(
        tournamentAction,
        browserRequest(adminPath, adminCookie, { intent: "approve-change", changeId: pending!.id }),
        {
          key,
        },
      );
    expect((await approve()).status).toBe(302);
    expect((await orderNow(order.id)).eventType).toBe(EXTEMP);
    expect((await approve()).status).toBe(409);
    const lines = await history(order.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: "applied", decidedBy: "director@example.org" });

    // A name fix declined: the entry keeps its name, the history says declined.
    await change(token, {
      intent: "student",
      orderId: order.id,
      studentFirst: "Anya",
      studentLast: "Lee",
      schoolCode: school!.code,
    });
    const [waiting] = (await history(order.id)).filter((line) => line.status === "pending");
    const decline = await call(
      tournamentAction,
      browserRequest(adminPath, adminCookie, { intent: "decline-change", changeId: waiting!.id }),
      { key },
    );
    expect(decline.status).toBe(302);
    expect((await orderNow(order.id)).studentName).toBe("Ana Lee");
    expect((await history(order.id)).find((line) => line.id === waiting!.id)).toMatchObject({ status: "declined" });
  });
});

describe("staff edits on the roster", () => {
  it("a staff drop is on the entry's history with the staff member as its actor", async () => {
    const { order } = await paidEntry({});
    const dropped = await call(
      tournamentAction,
      browserRequest(`/admin/tournaments/${encodeURIComponent(key)}`, adminCookie, {
        intent: "drop",
        confirm: "yes",
        orderId: order.id,
        refund: "none",
      }),
      { key },
    );
    expect(dropped.status).toBe(302);
    const [line] = await history(order.id);
    expect(line).toMatchObject({ actorKind: "staff", actorLabel: "director@example.org", kind: "drop" });
    // The tournament's page lists it among the recent changes to entries.
    const staffPage = (await tournamentLoader({
      request: browserRequest(`/admin/tournaments/${encodeURIComponent(key)}`, adminCookie),
      context: database.context(),
      params: { key },
    } as never)) as { recent: Array<{ by: string; summary: string; student: string }> };
    expect(staffPage.recent[0]).toMatchObject({ by: "director@example.org", student: "Ana Lee" });
    expect(staffPage.recent[0]!.summary).toContain("by staff; nothing refunded");
  });
});

describe("send my link again", () => {
  const resend = (email: string, address = "198.51.100.7") =>
    call(resendAction, browserRequest("/entries", "", { email }), {}, address);

  it("emails the links to an address with entries, and answers a stranger the same", async () => {
    const { token } = await paidEntry({});
    await database.db.delete(emailOutbox);
    expect((await resend("Parent@Example.org")).data).toEqual({ status: "sent", message: RESEND_ANSWER });
    const [sent] = await database.db.select().from(emailOutbox);
    expect(sent!.to).toBe("parent@example.org");
    expect(sent!.text).toContain(`/entries/${token}`);
    expect(sent!.secrets).toEqual([token]);
    await database.db.delete(emailOutbox);
    expect((await resend("nobody@example.org")).data).toEqual({ status: "sent", message: RESEND_ANSWER });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
    expect((await resend("not an email")).status).toBe(400);
  });
});

describe("the daily digest", () => {
  it("sends the day's changes to the staff inbox once, however often it runs", async () => {
    const { order, token } = await paidEntry({});
    await change(token, {
      intent: "student",
      orderId: order.id,
      studentFirst: "Anna",
      studentLast: "Lee",
      schoolCode: school!.code,
    });
    await database.db.delete(emailOutbox);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const [first, second] = await Promise.all([
      runEntryChangeDigest(database.db, tomorrow),
      runEntryChangeDigest(database.db, tomorrow),
    ]);
    expect([first.sent, second.sent].filter(Boolean)).toHaveLength(1);
    const mail = await database.db.select().from(emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Anna Lee");
    expect((await runEntryChangeDigest(database.db, tomorrow)).sent).toBe(false);
  });
});
