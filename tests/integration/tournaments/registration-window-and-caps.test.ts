import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientSubject } from "~/core/client-address";
import { carts, checkouts, orders, tournamentSettings } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { failCheckout } from "~/features/payments/checkout/checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { COMPETITION_EVENTS } from "~/features/tournaments/competition-events";
import { action as tournamentAction } from "~/routes/admin/tournament";
import { browserRequest } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase } from "#tests/support/testbed";
import { addEntry, loadFees, openTournamentTestbed, postFees, sheetDay, type TournamentTestbed } from "./support";

/**
 * Decision 0040 through the routes: staff settings (the admin page's action) open and close a tournament's
 * window and cap its events; /fees offers and refuses by them; the checkout holds capped places, never oversold.
 * On PostgreSQL (--project postgres) the checkouts of the race really run at once.
 */
let database: TestDatabase;
let productId = "";
let adminCookie = "";
const WINTER = "Winter Debate Tournament";
const winterDate = sheetDay(30).iso;
const winterKey = tournamentKey(WINTER, winterDate);

let setEnv: TournamentTestbed["setEnv"];

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ database, ids, adminCookie, setEnv } = await openTournamentTestbed("tournaments"));
  productId = ids[defaultRegistrationProductNames("Citron").tournamentEntry]!;
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  setEnv();
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(tournamentSettings);
});

type SettingsFields = {
  opensOn?: string;
  closesOn?: string;
  events?: readonly string[];
  caps?: Record<string, number>;
};

/** Staff save a tournament's settings through its page's action (a plain form post), which redirects. */
async function saveSettings(key: string, fields: SettingsFields) {
  const result = await postSettings(key, fields);
  expect(result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status).toBe(
    302,
  );
}

/** The action's answer to a settings post. */
async function postSettings(key: string, fields: SettingsFields): Promise<unknown> {
  const body = new URLSearchParams({
    intent: "settings",
    opensOn: fields.opensOn ?? "",
    closesOn: fields.closesOn ?? "",
  });
  for (const event of fields.events ?? COMPETITION_EVENTS) body.append("event", event);
  for (const [event, cap] of Object.entries(fields.caps ?? {}))
    body.set(`cap-${COMPETITION_EVENTS.indexOf(event as never)}`, String(cap));
  const request = browserRequest(
    `/admin/tournaments/${encodeURIComponent(key)}`,
    adminCookie,
    Object.fromEntries(body),
  );
  // URLSearchParams -> object loses repeated "event" fields: send the body itself.
  const real = new Request(request.url, { method: "POST", headers: request.headers, body });
  return (await tournamentAction({
    request: real,
    context: database.context(),
    params: { key },
  } as never)) as unknown;
}

const entry = (name: string, event = "Lincoln-Douglas (LD)") => ({
  studentFirst: name.split(" ")[0]!,
  studentLast: name.split(" ").slice(1).join(" "),
  studentSchool: "Riverside Yeshiva High School",
  scheduleEvent: "",
  competitionEvent: event,
});

async function winterId() {
  const data = await loadFees(database);
  return data.offers.find((offer) => offer.title === WINTER)?.id ?? "";
}

async function cartFor(name: string, event = "Lincoln-Douglas (LD)", id?: string) {
  const scheduleEvent = id ?? (await winterId());
  const cookie = await addEntry(database, productId, { ...entry(name, event), scheduleEvent });
  return (await readCartIdFromCookies(cookie))!;
}

describe("registration windows", () => {
  it("by default a tournament is open now and closes three days before its date, said on /fees", async () => {
    const data = await loadFees(database);
    const winter = data.offers.find((offer) => offer.title === WINTER)!;
    expect(winter.window.state).toBe("open");
    expect(winter.window.closesOn).toBe(sheetDay(27).iso);
    expect(winter.closes).toMatch(/^Registration closes [A-Z][a-z]{2} \d{1,2}$/);
    expect(data.schedule.map((event) => event.title)).toContain(WINTER);
  });

  it("a window that closed: the tournament leaves /fees and the server refuses an entry for it", async () => {
    const id = await winterId();
    await saveSettings(winterKey, { closesOn: sheetDay(-1).iso });
    const data = await loadFees(database);
    expect(data.schedule.map((event) => event.title)).not.toContain(WINTER);
    expect(data.offers.map((offer) => offer.title)).not.toContain(WINTER);
    const refused = await postFees(database, { intent: "add", productId, ...entry("Avi Cohen"), scheduleEvent: id });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Registration for Winter Debate Tournament closed on /),
    });
  });

  it("a window that would close after the tournament's day, or open after it closes, is refused and not saved", async () => {
    // The winter tournament is 30 days from now; with no closing day set, registration closes 3 days before it.
    for (const [fields, message] of [
      [{ closesOn: sheetDay(60).iso }, /^Registration must close by the tournament's day, [A-Z][a-z]{2} \d{1,2}\.$/],
      [{ opensOn: sheetDay(29).iso }, /^Registration cannot open after it closes: with no closing day set, it closes /],
    ] as const) {
      const refused = (await postSettings(winterKey, fields)) as { data: unknown; init: { status: number } };
      expect(refused.init.status).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, message: expect.stringMatching(message) });
    }
    expect(await database.db.select().from(tournamentSettings)).toEqual([]);
  });

  it("a window not open yet is refused the same way", async () => {
    const id = await winterId();
    await saveSettings(winterKey, { opensOn: sheetDay(5).iso });
    const refused = await postFees(database, { intent: "add", productId, ...entry("Avi Cohen"), scheduleEvent: id });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      message: expect.stringMatching(/^Registration for Winter Debate Tournament opens /),
    });
  });

  it("time moved past the closing day (REGISTRATION_CLOCK): a cart filled while open cannot be checked out", async () => {
    const cartId = await cartFor("Avi Cohen");
    setEnv({ REGISTRATION_CLOCK: sheetDay(28).iso });
    const result = await checkoutCart(database.db, { cartId, email: "parent@example.org" });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/^Registration for Winter Debate Tournament closed on /),
    });
    expect(await database.db.$count(orders)).toBe(0);
  });

  it("an event the tournament does not offer is refused", async () => {
    const id = await winterId();
    await saveSettings(winterKey, { events: ["Lincoln-Douglas (LD)"] });
    const refused = await postFees(database, {
      intent: "add",
      productId,
      ...entry("Avi Cohen", "Original Oratory"),
      scheduleEvent: id,
    });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ message: "Original Oratory is not offered at Winter Debate Tournament." });
  });
});

describe("entry caps", () => {
  it("an event filling up: held at checkout, shown full, refused, and given back when a checkout expires", async () => {
    await saveSettings(winterKey, { caps: { "Lincoln-Douglas (LD)": 2 } });
    const [first, second, third] = [await cartFor("Ana Li"), await cartFor("Ben Cho"), await cartFor("Dina Roth")];
    const one = await checkoutCart(database.db, { cartId: first, email: "one@example.org" });
    expect(one.ok).toBe(true);
    expect((await checkoutCart(database.db, { cartId: second, email: "two@example.org" })).ok).toBe(true);
    expect(await checkoutCart(database.db, { cartId: third, email: "three@example.org" })).toMatchObject({
      ok: false,
      status: 409,
      message: "Lincoln-Douglas (LD) at Winter Debate Tournament is full",
    });
    const data = await loadFees(database);
    expect(data.offers.find((offer) => offer.title === WINTER)?.full).toEqual(["Lincoln-Douglas (LD)"]);
    const refused = await postFees(database, {
      intent: "add",
      productId,
      ...entry("Eli Stein"),
      scheduleEvent: await winterId(),
    });
    expect(refused).toMatchObject({
      status: 409,
      data: { message: "Lincoln-Douglas (LD) at Winter Debate Tournament is full." },
    });
    // Another event is not capped.
    await cartFor("Eli Stein", "Original Oratory");

    // The first checkout expires: its place comes back, and the third cart can pay.
    if (!one.ok) throw new Error("unreachable");
    await failCheckout(database.db, one.checkoutId, "expired");
    expect((await checkoutCart(database.db, { cartId: third, email: "three@example.org" })).ok).toBe(true);
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(2);
  });

  it("a partnered entry is two students and one place", async () => {
    await saveSettings(winterKey, { caps: { "Public Forum (PF)": 1 } });
    const id = await winterId();
    const cookie = await addEntry(database, productId, {
      ...entry("Ana Li", "Public Forum (PF)"),
      scheduleEvent: id,
      partnerFirst: "Ben",
      partnerLast: "Cho",
    });
    const cartId = (await readCartIdFromCookies(cookie))!;
    expect((await checkoutCart(database.db, { cartId, email: "pf@example.org" })).ok).toBe(true);
    const [order] = await database.db.select().from(orders);
    expect(order?.registration).toMatchObject({
      partnerFirst: "Ben",
      partnerLast: "Cho",
      partnerSchool: "Riverside Yeshiva High School",
    });
    expect(order?.tournamentKey).toBe(winterKey);
    const data = await loadFees(database);
    expect(data.offers.find((offer) => offer.title === WINTER)?.full).toEqual(["Public Forum (PF)"]);
  });

  it("a team event without its partner is refused with the fields' messages", async () => {
    const answer = await postFees(database, {
      intent: "add",
      productId,
      ...entry("Ana Li", "Policy Debate"),
      scheduleEvent: await winterId(),
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      result: {
        error: {
          partnerFirst: ["Please enter your partner's first name"],
          partnerLast: ["Please enter your partner's last name"],
        },
      },
    });
  });

  it("one visitor cannot hold every place: a share per cart, email and address (IPv6 by its /64), the rest for another family", async () => {
    await saveSettings(winterKey, { caps: { "Lincoln-Douglas (LD)": 3 } });
    const id = await winterId();
    const ld = (name: string) => ({ ...entry(name), scheduleEvent: id });
    const place = (taken: number, of: number) =>
      `while places are limited, one ${taken === 0 ? "order" : "buyer"} can hold at most ${of} ${of === 1 ? "place" : "places"} in Lincoln-Douglas (LD) at Winter Debate Tournament before paying`;
    // The reproduction behind decision 0042: one address, three made-up entries in one cart, a checkout never paid.
    let cookie = await addEntry(database, productId, ld("Made Up One"));
    cookie = await addEntry(database, productId, ld("Made Up Two"), cookie);
    cookie = await addEntry(database, productId, ld("Made Up Three"), cookie);
    const greedy = (await readCartIdFromCookies(cookie))!;
    const mallory = clientSubject("2001:db8:45:1::10")!;
    expect(
      await checkoutCart(database.db, { cartId: greedy, email: "m1@example.org", clientAddress: mallory }),
    ).toEqual({
      ok: false,
      status: 409,
      message: place(0, 2),
    });
    // Two of the three (half, rounded up) may be held.
    let twoCookie = await addEntry(database, productId, ld("Made Up Four"));
    twoCookie = await addEntry(database, productId, ld("Made Up Five"), twoCookie);
    const two = (await readCartIdFromCookies(twoCookie))!;
    expect((await checkoutCart(database.db, { cartId: two, email: "m2@example.org", clientAddress: mallory })).ok).toBe(
      true,
    );
    // Another cart and email from another address of the same IPv6 /64: the same visitor, over the share.
    const sameNetwork = clientSubject("2001:db8:45:1:ffff::99")!;
    const third = await cartFor("Made Up Six");
    expect(
      await checkoutCart(database.db, { cartId: third, email: "m3@example.org", clientAddress: sameNetwork }),
    ).toEqual({
      ok: false,
      status: 409,
      message: `${place(2, 2)}, and 2 are already on hold for you in unpaid checkouts`,
    });
    // The same email from anywhere counts too.
    expect(
      (await checkoutCart(database.db, { cartId: third, email: "M2@example.org", clientAddress: "192.0.2.77" })).ok,
    ).toBe(false);
    // A real family from another address gets the last place.
    const family = await cartFor("Rivka Adler");
    expect(
      (await checkoutCart(database.db, { cartId: family, email: "adler@example.org", clientAddress: "198.51.100.7" }))
        .ok,
    ).toBe(true);
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(3);
  });

  it("twelve buyers at once for the last five places: exactly five hold one", async () => {
    await saveSettings(winterKey, { caps: { "Lincoln-Douglas (LD)": 5 } });
    const id = await winterId();
    const cartIds: string[] = [];
    for (let n = 0; n < 12; n++) cartIds.push(await cartFor(`Student ${n + 1}`, "Lincoln-Douglas (LD)", id));
    const results = await Promise.all(
      cartIds.map((cartId, n) => checkoutCart(database.db, { cartId, email: `buyer${n}@example.org` })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    for (const result of results.filter((candidate) => !candidate.ok)) {
      expect(result).toMatchObject({
        status: 409,
        message: "Lincoln-Douglas (LD) at Winter Debate Tournament is full",
      });
    }
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(5);
  });
});

describe("an open checkout is checked again before it is offered again (decision 0044)", () => {
  it("registration closed since it opened: the same payment page is not handed back, the checkout is closed", async () => {
    const cartId = await cartFor("Avi Cohen");
    const opened = await checkoutCart(database.db, { cartId, email: "parent@example.org" });
    if (!opened.ok) throw new Error(opened.message);
    // While registration is open, the same checkout comes back (a second click holds nothing twice).
    expect(await checkoutCart(database.db, { cartId, email: "parent@example.org" })).toMatchObject({
      ok: true,
      checkoutId: opened.checkoutId,
    });
    setEnv({ REGISTRATION_CLOCK: sheetDay(28).iso });
    const again = await checkoutCart(database.db, { cartId, email: "parent@example.org" });
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(
        /^Registration for Winter Debate Tournament closed on [A-Z][a-z]{2} \d{1,2}, so the payment page opened earlier for this cart was closed/,
      ),
    });
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.id, opened.checkoutId));
    expect(checkout).toMatchObject({ status: "failed", failureReason: "expired" });
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(0);
  });

  it("an event staff withdrew: a cart filled before cannot pay for it, and its open checkout is closed", async () => {
    const cartId = await cartFor("Avi Cohen", "Original Oratory");
    const opened = await checkoutCart(database.db, { cartId, email: "parent@example.org" });
    if (!opened.ok) throw new Error(opened.message);
    await saveSettings(winterKey, { events: ["Lincoln-Douglas (LD)"] });
    expect(await checkoutCart(database.db, { cartId, email: "parent@example.org" })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(
        /^Original Oratory is not offered at Winter Debate Tournament, so the payment page/,
      ),
    });
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.id, opened.checkoutId));
    expect(checkout!.status).toBe("failed");
    // With no open checkout left, a new one is refused the same way (nothing is held).
    expect(await checkoutCart(database.db, { cartId, email: "parent@example.org" })).toMatchObject({
      ok: false,
      message: "Original Oratory is not offered at Winter Debate Tournament",
    });
    expect(await database.db.$count(orders, eq(orders.status, "pending"))).toBe(0);
  });
});
