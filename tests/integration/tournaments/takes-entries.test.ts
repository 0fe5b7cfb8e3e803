import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "~/core/env.server";
import { carts, checkouts, orders, tournamentSettings } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { getScheduleEvents, resetEventsServiceForTests } from "~/features/events/events.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { COMPETITION_EVENTS } from "~/features/tournaments/competition-events";
import { listStaffTournaments } from "~/features/tournaments/staff-settings.server";
import { action as tournamentAction } from "~/routes/admin/tournament";
import { loader as eventsLoader } from "~/routes/public/events";
import { loader as homeLoader } from "~/routes/public/home";
import { browserRequest } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase } from "#tests/support/testbed";
import {
  addEntry,
  loadFees,
  openTournamentTestbed,
  postFees,
  SHEET_HEAD,
  sheetDay,
  type TournamentTestbed,
} from "./support";

/**
 * Decision 0051 through the routes: which schedule rows take entries by default (the sheet's competitions, not a
 * camp, practice, training, night, workshop or ceremony), the events each offers by its type, staff's choice either
 * way on the tournament page, and what /fees, the schedule's cards and the checkout do with it.
 */
let database: TestDatabase;
let productId = "";
let adminCookie = "";
let setEnv: TournamentTestbed["setEnv"];
let dir = "";

const SPEECH = "Online Speech Tournament";
const CONGRESS = "Congressional Debate Tournament";
const CAMP = "Winter Debate Camp";
const NIGHT = "Judge Training Night";
const AWARDS = "End of Season Awards & Nationals Send-off";
const ALL = [SPEECH, CONGRESS, CAMP, NIGHT, AWARDS];

function writeSheet(): string {
  const rows = [
    ...SHEET_HEAD,
    `"${sheetDay(20).sheet}",${SPEECH},https://example.org/host,"Oratory, Interp",10:00 AM,Zoom`,
    `"${sheetDay(25).sheet}",${CONGRESS},,Docket,10:00 AM,Zoom`,
    `"${sheetDay(30).sheet}",${CAMP},,"LD, PF and Extemp Debate drills",10:00 AM,Zoom`,
    `"${sheetDay(35).sheet}",${NIGHT},,How to judge LD and PF,7:30 PM,Zoom`,
    `"${sheetDay(40).sheet}",${AWARDS},,Speech and debate season,7:00 PM,Zoom`,
  ];
  const file = path.join(dir, "takes-entries.csv");
  writeFileSync(file, `${rows.join("\n")}\n`);
  return file;
}

const useSheet = () => {
  setEnv({ EVENTS_SHEET_URL: path.join(dir, "takes-entries.csv") });
};

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ database, ids, adminCookie, setEnv } = await openTournamentTestbed("takes-entries"));
  productId = ids[defaultRegistrationProductNames("Citron").tournamentEntry]!;
  // The testbed's data folder holds its sheet; this file's sheet goes beside it.
  dir = env().DATA_DIR;
  writeSheet();
  useSheet();
  resetEventsServiceForTests();
  await vi.waitFor(
    async () => {
      const titles = (await getScheduleEvents(database.db)).map((event) => event.title);
      if (!titles.includes(CAMP)) throw new Error("the sheet is not read yet");
    },
    { timeout: 15_000 },
  );
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  useSheet();
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(tournamentSettings);
});

async function eventId(title: string) {
  const event = (await getScheduleEvents(database.db)).find((candidate) => candidate.title === title);
  return event!.id;
}

const keyOf = async (title: string) =>
  tournamentKey(title, (await getScheduleEvents(database.db)).find((event) => event.title === title)!.date);

/** Staff's choice on the tournament page: "default", "open" or "closed", with `events` offered. */
async function choose(title: string, registration: string, events: readonly string[] = COMPETITION_EVENTS) {
  const key = await keyOf(title);
  const body = new URLSearchParams({ intent: "settings", registration, opensOn: "", closesOn: "" });
  for (const event of events) body.append("event", event);
  const request = browserRequest(`/admin/tournaments/${encodeURIComponent(key)}`, adminCookie, {});
  const result = (await tournamentAction({
    request: new Request(request.url, { method: "POST", headers: request.headers, body }),
    context: database.context(),
    params: { key },
  } as never)) as unknown;
  return result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
}

const entryFields = (name: string, scheduleEvent: string, competitionEvent: string) => ({
  intent: "add",
  productId,
  studentFirst: name.split(" ")[0]!,
  studentLast: name.split(" ")[1]!,
  studentSchool: "Riverside Yeshiva High School",
  scheduleEvent,
  competitionEvent,
});

describe("which schedule rows take entries (decision 0051)", () => {
  it("by default only the competitions: /fees, the schedule and the home page offer them, with their type's events", async () => {
    const fees = await loadFees(database);
    expect(fees.offers.map((offer) => offer.title)).toEqual([SPEECH, CONGRESS]);
    expect(fees.schedule.map((event) => event.title)).toEqual([SPEECH, CONGRESS]);
    expect(fees.offers.find((offer) => offer.title === CONGRESS)?.events).toEqual(["Congressional Debate"]);
    expect(fees.offers.find((offer) => offer.title === SPEECH)?.events).toContain("Original Oratory");
    expect(fees.offers.find((offer) => offer.title === SPEECH)?.events).not.toContain("Lincoln-Douglas (LD)");

    const request = new Request("http://localhost/events");
    const events = (await eventsLoader({ request, context: database.context(), params: {} } as never)).events;
    const speechId = await eventId(SPEECH);
    expect(Object.keys(events.registrations ?? {}).sort()).toEqual([speechId, await eventId(CONGRESS)].sort());
    expect(events.registrations?.[speechId]).toEqual({
      href: `/fees?register=${productId}&tournament=${speechId}#register`,
      closes: expect.stringMatching(/^Registration closes [A-Z][a-z]{2} \d{1,2}$/),
    });
    const home = await homeLoader({
      request: new Request("http://localhost/"),
      context: database.context(),
      params: {},
    } as never);
    expect(Object.keys(home.events.registrations ?? {})).toHaveLength(2);

    const staff = await listStaffTournaments(database.db);
    const line = (title: string) => staff.find((item) => item.title === title)!;
    expect(line(CAMP)).toMatchObject({ takesEntries: false, takesEntriesByDefault: false, registrationOpen: null });
    expect(line(AWARDS)).toMatchObject({ takesEntries: false, takesEntriesByDefault: false });
    expect(line(SPEECH)).toMatchObject({
      takesEntries: true,
      takesEntriesByDefault: true,
      events: fees.offers[0]!.events,
    });
    expect(staff.map((item) => item.title)).toEqual(ALL);
  });

  it("a camp, a night, an event outside the type's are refused whatever the form sends", async () => {
    for (const title of [CAMP, NIGHT]) {
      const answer = await postFees(database, entryFields("Avi Cohen", await eventId(title), "Lincoln-Douglas (LD)"));
      expect({ title, status: answer.status, data: answer.data }).toMatchObject({
        title,
        status: 409,
        data: { ok: false, message: `${title} does not take entries on this site.` },
      });
    }
    const wrongEvent = await postFees(
      database,
      entryFields("Avi Cohen", await eventId(CONGRESS), "Lincoln-Douglas (LD)"),
    );
    expect(wrongEvent).toMatchObject({
      status: 409,
      data: { message: `Lincoln-Douglas (LD) is not offered at ${CONGRESS}.` },
    });
    expect(await database.db.$count(orders)).toBe(0);
  });

  it("staff open a camp: it takes entries in the events they chose; back to the default, it takes none again", async () => {
    expect(await choose(CAMP, "open", ["Lincoln-Douglas (LD)", "Public Forum (PF)"])).toBe(302);
    const fees = await loadFees(database);
    expect(fees.offers.find((offer) => offer.title === CAMP)?.events).toEqual([
      "Lincoln-Douglas (LD)",
      "Public Forum (PF)",
    ]);
    await addEntry(database, productId, entryFields("Avi Cohen", await eventId(CAMP), "Lincoln-Douglas (LD)"));
    expect(await choose(CAMP, "default", ["Lincoln-Douglas (LD)"])).toBe(302);
    expect((await loadFees(database)).offers.map((offer) => offer.title)).not.toContain(CAMP);
  });

  it("staff close a competition: it leaves /fees and its cards, and a cart filled before cannot be paid", async () => {
    const cookie = await addEntry(
      database,
      productId,
      entryFields("Avi Cohen", await eventId(SPEECH), "Original Oratory"),
    );
    expect(await choose(SPEECH, "closed")).toBe(302);
    expect((await loadFees(database)).offers.map((offer) => offer.title)).toEqual([CONGRESS]);
    const refused = await postFees(database, entryFields("Ben Cho", await eventId(SPEECH), "Original Oratory"));
    expect(refused).toMatchObject({ status: 409, data: { message: `${SPEECH} does not take entries on this site.` } });
    const cartId = (await readCartIdFromCookies(cookie))!;
    expect(await checkoutCart(database.db, { cartId, email: "parent@example.org" })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(new RegExp(`^${SPEECH} does not take entries on this site`)),
    });
    expect(await database.db.$count(orders)).toBe(0);
  });

  it("a choice that is not one of the three is refused and nothing is saved", async () => {
    const status = await choose(SPEECH, "<script>alert(1)</script>");
    expect(status).toBe(400);
    expect(await database.db.$count(tournamentSettings)).toBe(0);
  });
});
