import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartLines, carts, checkouts, orders, tournamentEntryCodes, tournamentSettings } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { fulfilCheckout } from "~/features/payments/checkout/checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { cartMessages } from "~/features/shop/cart/cart-messages";
import { foldedName } from "~/features/tournaments/same-student/same-student";
import { tournamentEntries } from "~/features/tournaments/roster.server";
import type { TestDatabase } from "#tests/support/database";
import { seededRandom } from "#tests/support/random";
import { anEntryOrder } from "#tests/support/rows";
import { closeShopDatabase } from "#tests/support/testbed";
import { loadFees, openTournamentTestbed, postFees, sheetDay } from "../tournaments/support";

/**
 * docs/product.md#one-entry-per-student-and-event and #shop-and-cart, through /fees's action, the checkout and the payment: a registration is always
 * quantity 1, and one student takes one entry per event of a tournament, whatever the cart, a second cart or a
 * crafted post sends. On PostgreSQL (--project postgres) the checkouts of the races really run at once.
 */
let database: TestDatabase;
let entryProduct = "";
let judgeProduct = "";
let winterId = "";
let springId = "";
const names = defaultRegistrationProductNames("Citron");
const WINTER = "Winter Debate Tournament";
const winterKey = tournamentKey(WINTER, sheetDay(30).iso);
const IMP = "Impromptu Speaking";
const PF = "Public Forum (PF)";

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ database, ids } = await openTournamentTestbed("one-entry"));
  entryProduct = ids[names.tournamentEntry]!;
  judgeProduct = ids[names.judgeFee]!;
  const offers = (await loadFees(database)).offers;
  winterId = offers.find((offer) => offer.title === WINTER)!.id;
  springId = offers.find((offer) => offer.title === "Spring Speech Tournament")!.id;
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(tournamentSettings);
  await database.db.delete(tournamentEntryCodes);
});

const entry = (student: string, event = IMP, more: Record<string, string> = {}) => ({
  studentFirst: student.split(" ")[0]!,
  studentLast: student.split(" ").slice(1).join(" "),
  studentSchool: "Riverside Yeshiva High School",
  scheduleEvent: winterId,
  competitionEvent: event,
  ...more,
});

const add = (fields: Record<string, string>, cookie?: string) =>
  postFees(database, { intent: "add", productId: entryProduct, ...fields }, cookie);

async function cartIdOf(cookie: string) {
  return (await readCartIdFromCookies(cookie))!;
}

/** Pays a cart's checkout as the provider's webhook would. */
async function pay(checkoutId: string) {
  const checkout = (await database.db.query.checkouts.findFirst({ where: eq(checkouts.id, checkoutId) }))!;
  return fulfilCheckout(database.db, checkout.id, {
    id: checkout.providerSessionId!,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: checkout.totalAmount,
    checkoutId: checkout.id,
  });
}

async function checkoutAndPay(cookie: string, email = "parent@example.org") {
  const opened = await checkoutCart(database.db, { cartId: await cartIdOf(cookie), email });
  if (!opened.ok) throw new Error(opened.message);
  await pay(opened.checkoutId);
  return opened.checkoutId;
}

/** The entries that hold a place, by tournament, event and folded student: each must be there once. */
async function liveEntries() {
  const rows = await database.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ["pending", "completed"]), eq(orders.itemName, names.tournamentEntry)));
  return rows.filter((row) => !row.droppedAt);
}

describe("a registration is one entry: quantity 1, always", () => {
  it("its quantity cannot be raised, however the post says it; 0 removes it as for any line", async () => {
    const cookie = (await add(entry("Eli Bar"))).cookie!;
    const [line] = await database.db.select().from(cartLines);
    for (const quantity of ["2", "99", "1e3", "1.5", "abc", "", "<script>", "1; drop table orders"]) {
      const answer = await postFees(database, { intent: "quantity", lineId: line!.id, quantity }, cookie);
      expect({ quantity, status: answer.status }).toMatchObject({ status: 400 });
      expect(answer.data).toMatchObject({ ok: false });
    }
    const two = await postFees(database, { intent: "quantity", lineId: line!.id, quantity: "2" }, cookie);
    expect(two.data).toMatchObject({ ok: false, message: cartMessages.oneEntry });
    expect((await database.db.select().from(cartLines))[0]!.quantity).toBe(1);
    const removed = await postFees(database, { intent: "quantity", lineId: line!.id, quantity: "0" }, cookie);
    expect(removed).toMatchObject({ status: 200, data: { ok: true, notice: { title: "Item removed" } } });
    expect(await database.db.$count(cartLines)).toBe(0);
  });

  it("a judge fee is one too; two students are two lines, each charged once", async () => {
    let cookie = (await add(entry("Eli Bar"))).cookie!;
    cookie = (await add(entry("Ana Li"), cookie)).cookie!;
    const judge = await postFees(
      database,
      {
        intent: "add",
        productId: judgeProduct,
        schoolName: "Riverside Yeshiva High School",
        scheduleEvent: winterId,
        schoolContact: "coach@example.org",
      },
      cookie,
    );
    expect(judge.status).toBe(200);
    const judgeLine = (await database.db.select().from(cartLines)).find((line) => line.registration?.schoolContact)!;
    const raised = await postFees(database, { intent: "quantity", lineId: judgeLine.id, quantity: "3" }, cookie);
    expect(raised).toMatchObject({ status: 400, data: { message: cartMessages.oneEntry } });
    const loaded = await loadFees(database, cookie);
    expect(loaded.cart?.lines.map((line) => line.quantity)).toEqual([1, 1, 1]);
    await checkoutAndPay(cookie);
    const paid = await database.db.select().from(orders);
    expect(paid).toHaveLength(3);
    for (const order of paid) expect(order.itemQuantity).toBe(1);
  });

  it("a line saved with quantity 2 before the rule shows and is charged as one entry", async () => {
    const cookie = (await add(entry("Eli Bar"))).cookie!;
    await database.db.update(cartLines).set({ quantity: 2 });
    const loaded = await loadFees(database, cookie);
    expect(loaded.cart?.lines[0]).toMatchObject({ quantity: 1, lineTotal: loaded.cart!.lines[0]!.product!.price });
    const checkoutId = await checkoutAndPay(cookie);
    const [order] = await database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(order).toMatchObject({ itemQuantity: 1, totalAmount: loaded.cart!.lines[0]!.product!.price });
  });
});

describe("one student, one entry per event of a tournament", () => {
  it("the same student again in the same cart is refused at add, named as first entered (accents, case, spaces aside)", async () => {
    const cookie = (await add(entry("Éli Bar"))).cookie!;
    for (const again of ["Eli Bar", "ELI  bar", "éli bár"]) {
      const refused = await add(entry(again), cookie);
      expect(refused).toMatchObject({
        status: 409,
        data: { ok: false, message: `Éli Bar is already in your cart for ${IMP} at ${WINTER}.` },
      });
    }
    // Another event, or another tournament, is another entry.
    expect((await add(entry("Eli Bar", "Original Oratory"), cookie)).status).toBe(200);
    expect((await add(entry("Eli Bar", IMP, { scheduleEvent: springId }), cookie)).status).toBe(200);
    expect(await database.db.$count(cartLines)).toBe(3);
  });

  it("a paid entry refuses the same student from any cart, naming it by its code", async () => {
    await checkoutAndPay((await add(entry("Eli Bar"))).cookie!);
    const [paid] = await database.db.select().from(orders);
    const other = await add(entry("eli bar"));
    expect(other).toMatchObject({
      status: 409,
      data: {
        ok: false,
        message: `Eli Bar is already entered in ${IMP} at ${WINTER} (entry ${paid!.entryCode}). One student takes one entry per event.`,
      },
    });
    // Dropped by staff: the student may enter again.
    await database.db.update(orders).set({ droppedAt: new Date() });
    expect((await add(entry("Eli Bar"))).status).toBe(200);
  });

  it("a partner is a student of the entry: the same person cannot be in the event twice, either way round", async () => {
    await checkoutAndPay((await add(entry("Ana Li", PF, { partnerFirst: "Ben", partnerLast: "Cho" }))).cookie!);
    const asStudent = await add(entry("Ben Cho", PF, { partnerFirst: "Dov", partnerLast: "Ray" }));
    expect(asStudent).toMatchObject({
      status: 409,
      data: { message: expect.stringMatching(/^Ben Cho is already entered in Public Forum/) },
    });
    const asPartner = await add(entry("Dov Ray", PF, { partnerFirst: "ana", partnerLast: "LI" }));
    expect(asPartner).toMatchObject({
      status: 409,
      data: { message: expect.stringMatching(/^Ana Li is already entered/) },
    });
  });

  it("two carts with the same student: the first to check out holds the entry, the other is refused at checkout and after the payment", async () => {
    const first = (await add(entry("Eli Bar"))).cookie!;
    const second = (await add(entry("Eli Bar"))).cookie!;
    const opened = await checkoutCart(database.db, { cartId: await cartIdOf(first), email: "a@example.org" });
    expect(opened.ok).toBe(true);
    const refused = await checkoutCart(database.db, { cartId: await cartIdOf(second), email: "b@example.org" });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(
        /^Eli Bar is already entered in Impromptu Speaking at Winter Debate Tournament \(awaiting payment/,
      ),
    });
    if (opened.ok) await pay(opened.checkoutId);
    const after = await checkoutCart(database.db, { cartId: await cartIdOf(second), email: "b@example.org" });
    expect(after).toMatchObject({ ok: false, message: expect.stringMatching(/\(entry \d+\)/) });
    expect(await liveEntries()).toHaveLength(1);
  });

  it("the cart's own open checkout does not count against it: a second Proceed to Checkout replaces it", async () => {
    const cookie = (await add(entry("Eli Bar"))).cookie!;
    const cartId = await cartIdOf(cookie);
    const opened = await checkoutCart(database.db, { cartId, email: "a@example.org" });
    expect(opened.ok).toBe(true);
    // Removed and added again while its checkout is open: still the cart's own entry.
    const [line] = await database.db.select().from(cartLines);
    await postFees(database, { intent: "remove", lineId: line!.id }, cookie);
    expect((await add(entry("Eli Bar"), cookie)).status).toBe(200);
    const again = await checkoutCart(database.db, { cartId, email: "other@example.org" });
    expect(again.ok).toBe(true);
    expect(await liveEntries()).toHaveLength(1);
  });

  it("a paid cart is empty: its checkout, from a tab left open, is refused", async () => {
    const cookie = (await add(entry("Eli Bar"))).cookie!;
    await checkoutAndPay(cookie);
    expect(await checkoutCart(database.db, { cartId: await cartIdOf(cookie), email: "parent@example.org" })).toEqual({
      ok: false,
      status: 400,
      message: "Please add items to your cart before checkout.",
    });
  });

  it("six carts check out the same student at once: exactly one holds the entry", async () => {
    const cookies: string[] = [];
    for (let n = 0; n < 6; n++) cookies.push((await add(entry(n % 2 ? "Eli Bar" : "eli BAR"))).cookie!);
    const results = await Promise.all(
      cookies.map(async (cookie, n) =>
        checkoutCart(database.db, { cartId: await cartIdOf(cookie), email: `buyer${n}@example.org` }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await liveEntries()).toHaveLength(1);
  });
});

describe("the roster flags older duplicates for staff", () => {
  it("entries made before the rule that repeat a student in an event are marked with the first one's code", async () => {
    const base = { tournamentKey: winterKey, tournamentName: WINTER, eventType: IMP };
    await database.db
      .insert(orders)
      .values([
        anEntryOrder({ ...base, studentName: "Eli Bar", entryCode: 105 }),
        anEntryOrder({ ...base, studentName: "eli  bar", entryCode: 106 }),
        anEntryOrder({ ...base, studentName: "Éli Bar", entryCode: 107 }),
        anEntryOrder({ ...base, studentName: "Eli Bar", eventType: "Original Oratory", entryCode: 108 }),
        anEntryOrder({ ...base, studentName: "Eli Bar", entryCode: 109, droppedAt: new Date() }),
      ]);
    const roster = await tournamentEntries(database.db, winterKey);
    expect(Object.fromEntries(roster.map((row) => [row.code, row.duplicateOf?.code ?? null]))).toEqual({
      105: null,
      106: 105,
      107: 105,
      108: null,
      109: null,
    });
  });
});

describe("fuzzed: whatever two tabs and two carts send, no student is entered twice and no entry charged twice", () => {
  it("random adds, quantities, removes, checkouts and payments", async () => {
    const random = seededRandom(54);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const students = ["Eli Bar", "eli bar", "Éli Bär", "Ana Li", "Ben Cho"];
    const events = [IMP, "Original Oratory", PF];
    const cookies: Array<string | undefined> = [undefined, undefined];
    const statuses = new Set<number>();
    for (let step = 0; step < 60; step++) {
      const cart = Math.floor(random() * 2); // two tabs share a cart's cookie: the same cart
      const cookie = cookies[cart];
      const action = random();
      if (action < 0.45 || !cookie) {
        const event = pick(events);
        const partner: Record<string, string> =
          event === PF ? { partnerFirst: pick(["Dov", "Ana"]), partnerLast: pick(["Ray", "Li"]) } : {};
        const answer = await add(entry(pick(students), event, partner), cookie);
        statuses.add(answer.status);
        cookies[cart] = answer.cookie ?? cookie;
      } else if (action < 0.7) {
        const lines = await database.db
          .select()
          .from(cartLines)
          .where(eq(cartLines.cartId, await cartIdOf(cookie)));
        if (lines.length === 0) continue;
        const quantity = pick(["2", "5", "-1", "1", "99", "x", "100000"]);
        const answer = await postFees(database, { intent: "quantity", lineId: pick(lines).id, quantity }, cookie);
        statuses.add(answer.status);
      } else if (action < 0.9) {
        const result = await checkoutCart(database.db, {
          cartId: await cartIdOf(cookie),
          email: `cart${cart}@example.org`,
        });
        if (result.ok && random() < 0.7) await pay(result.checkoutId);
      } else {
        const [open] = await database.db.select().from(checkouts).where(eq(checkouts.status, "open")).limit(1);
        if (open) await pay(open.id);
      }
      for (const line of await database.db.select().from(cartLines)) expect(line.quantity).toBe(1);
    }
    // Every answer a refusal or a success, never a server error.
    expect([...statuses].filter((status) => ![200, 400, 404, 409].includes(status))).toEqual([]);
    const live = await liveEntries();
    const people = live.flatMap((order) =>
      [order.studentName ?? "", [order.registration?.partnerFirst, order.registration?.partnerLast].join(" ")]
        .map(foldedName)
        .filter(Boolean)
        .map((person) => `${order.tournamentKey}|${order.eventType}|${person}`),
    );
    expect(people.filter((person, index) => people.indexOf(person) !== index)).toEqual([]);
    expect(live.map((order) => order.itemQuantity).filter((quantity) => quantity !== 1)).toEqual([]);
    expect(live.length).toBeGreaterThan(2);
  });
});
