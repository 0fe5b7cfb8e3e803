import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { databaseContext } from "~/db/context";
import { cartLines, carts } from "~/db/schema/shop";
import { products } from "~/db/schema/catalogue";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/public/fees";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase, openShopDatabase } from "#tests/support/testbed";
import type { ShopActionData } from "~/features/shop/action-data";
import { CART_COOKIE } from "~/core/cart";
import { cartCookieHeader, resetCartCookieForTests } from "~/features/shop/cart/cart-cookie.server";
import { cartLimits } from "~/features/shop/cart/cart-limits";
import { loadCart } from "~/features/shop/cart/cart-view.server";
import { loadShopProducts } from "~/features/shop/catalogue/products.server";
import { NEW_CART_LIMIT } from "~/features/shop/shop-action.server";
import { COMPETITION_EVENTS, registrationMessages as m } from "~/features/shop/registration/registration-schema";
import { nameMessages } from "~/features/tournaments/names";

const REGISTRATION_PRODUCTS = defaultRegistrationProductNames("Citron");

let database: TestDatabase;
let sheetFile = "";
const ZIP_NAME = "District Quarter-Zip";
const ids: Record<string, string> = {};

/** A sheet with one past and two future events, dated from today so the test never ages. */
function writeSheet(dir: string) {
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return date.toLocaleDateString("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "America/New_York",
    });
  };
  const rows = [
    "Citron Online District Calendar,,,,,",
    "Legend,,Citron Quals,Speech,WSD,Hybrid Tournament",
    ",,,Debate,Congress,Yeshiva League",
    ",,,,,",
    ",,,,,",
    ",,,,,",
    "Date,Event,Registration Link,Topic,Time,Location",
    `"${day(-20)}",Autumn Speech Tournament,,Oratory,10:00 AM,Zoom`,
    `"${day(30)}",Winter Debate Tournament,,LD and PF,10:00 AM,Zoom`,
    `"${day(60)}",Spring Speech Tournament,,Interp,10:00 AM,Zoom`,
  ];
  const file = path.join(dir, "sheet.csv");
  writeFileSync(file, `${rows.join("\n")}\n`);
  return file;
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-shop-"));
  sheetFile = writeSheet(dir);
  setEnvForTests(
    parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "s".repeat(40), EVENTS_SHEET_URL: sheetFile }),
  );
  let seeded: Record<string, string>;
  ({ database, ids: seeded } = await openShopDatabase());
  Object.assign(ids, seeded);
});

afterAll(async () => {
  await closeShopDatabase(database);
});

beforeEach(async () => {
  await database.db.delete(carts);
});

type Answer = { status: number; data?: ShopActionData; location?: string; cookie?: string };

/** Posts to /fees as a browser would: `js` true is a fetcher, false a plain form. */
async function post(fields: Record<string, string>, options: { cookie?: string; js?: boolean } = {}): Promise<Answer> {
  const body = new URLSearchParams({ ...fields, ...(options.js === false ? {} : { js: "1" }) });
  const request = new Request("http://localhost/fees", {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });
  const result = (await action({ request, context: database.context(), params: {} } as never)) as unknown;
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location") ?? undefined,
      cookie: cookieOf(result.headers),
    };
  }
  const { data, init } = result as { data: ShopActionData; init?: { status?: number; headers?: HeadersInit } };
  return { status: init?.status ?? 200, data, cookie: cookieOf(new Headers(init?.headers)) };
}

function cookieOf(headers: Headers): string | undefined {
  const header = headers.getSetCookie().find((value) => value.startsWith(`${CART_COOKIE}=`));
  return header?.split(";")[0];
}

/** Adds a product and returns the cart cookie. */
async function add(name: string, extra: Record<string, string> = {}, cookie?: string) {
  const answer = await post({ intent: "add", productId: ids[name]!, ...extra }, { cookie });
  expect({ status: answer.status, data: answer.data }).toMatchObject({ status: 200, data: { ok: true } });
  return answer.cookie ?? cookie!;
}

async function cartOf(cookie: string) {
  const cartId = (await database.db.select().from(carts))[0]?.id;
  expect(cookie).toBeTruthy();
  return cartId ? loadCart(database.db, cartId) : null;
}

async function schedule() {
  const request = new Request("http://localhost/fees");
  const data = await loader({ request, context: database.context(), params: {} } as never);
  return data.schedule;
}

const student = { studentName: "Avi Cohen", studentSchool: "Riverside Yeshiva High School" };
/** A tournament entry's student: first and last name apart (decision 0046). */
const entrant = { studentFirst: "Avi", studentLast: "Cohen", studentSchool: "Riverside Yeshiva High School" };

describe("/fees loader", () => {
  it("shows active products by display order, and no cart without a cookie", async () => {
    const request = new Request("http://localhost/fees");
    const data = await loader({ request, context: database.context(), params: {} } as never);
    expect(data.products.map((product) => product.name)).toEqual([
      REGISTRATION_PRODUCTS.tournamentEntry,
      REGISTRATION_PRODUCTS.judgeFee,
      REGISTRATION_PRODUCTS.ylmcStudentEntry,
      REGISTRATION_PRODUCTS.ylmunEntry,
      REGISTRATION_PRODUCTS.ylmcSchoolRegistration,
      "District Quarter-Zip",
      "Lectern Tote Bag",
      "Citron Team T-Shirt",
    ]);
    expect(data.cart).toBeNull();
  });

  it("offers only future schedule events, ascending", async () => {
    const events = await schedule();
    expect(events.map((event) => event.title)).toEqual(["Winter Debate Tournament", "Spring Speech Tournament"]);
  });
});

describe("/fees action: adding", () => {
  it("adds a plain product with quantity 1, sets the cookie, and raises the quantity on a second add", async () => {
    const first = await post({ intent: "add", productId: ids["District Quarter-Zip"]! });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ ok: true, notice: { title: "Added to cart" } });
    expect(first.cookie).toMatch(new RegExp(`^${CART_COOKIE}=`));
    await add("District Quarter-Zip", {}, first.cookie);
    const cart = await cartOf(first.cookie!);
    expect(cart?.lines).toHaveLength(1);
    expect(cart?.lines[0]).toMatchObject({ quantity: 2, lineTotal: 8400 });
    expect(cart?.subtotal).toBe(8400);
  });

  it("sets an HttpOnly, SameSite=Lax cookie for 30 days", async () => {
    const body = new URLSearchParams({ intent: "add", productId: ids["District Quarter-Zip"]!, js: "1" });
    const result = (await action({
      request: new Request("http://localhost/fees", { method: "POST", body }),
      context: database.context(),
      params: {},
    } as never)) as unknown as { init: { headers: Record<string, string> } };
    const cookie = result.init.headers["Set-Cookie"]!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("without JavaScript redirects back to #your-cart", async () => {
    const answer = await post({ intent: "add", productId: ids["Lectern Tote Bag"]! }, { js: false });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/fees#your-cart");
    expect(answer.cookie).toBeTruthy();
    expect(await database.db.$count(cartLines)).toBe(1);
  });

  it("ignores a posted price or name: the catalogue decides", async () => {
    const cookie = await add("District Quarter-Zip", { price: "1", name: "Free Stuff", unitPrice: "0.01" });
    const cart = await cartOf(cookie);
    expect(cart?.lines[0]?.product).toMatchObject({ name: "District Quarter-Zip", price: 4200 });
    expect(cart?.total).toBe(4200);
  });

  it("refuses an unknown, malformed or inactive product", async () => {
    for (const productId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ids["Winter Beanie"]!]) {
      const answer = await post({ intent: "add", productId });
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ ok: false, message: "This product is not available." });
    }
    expect(await database.db.$count(cartLines)).toBe(0);
  });

  it("refuses an out-of-stock product and more than the stock left", async () => {
    const out = await post({ intent: "add", productId: ids["Citron Team T-Shirt"]! });
    expect(out.status).toBe(409);
    expect(out.data).toMatchObject({ ok: false, message: "Citron Team T-Shirt is out of stock." });

    // 3 left: asking for 4 names the stock left; one cart may hold at most 2 of the 3 (decision 0028).
    const cookie = await add("Lectern Tote Bag");
    const lineId = (await cartOf(cookie))!.lines[0]!.id;
    const four = await post({ intent: "quantity", lineId, quantity: "4" }, { cookie });
    expect(four.status).toBe(409);
    expect(four.data).toMatchObject({ message: "Only 3 of Lectern Tote Bag left in stock." });
    await add("Lectern Tote Bag", {}, cookie);
    const third = await post({ intent: "add", productId: ids["Lectern Tote Bag"]! }, { cookie });
    expect(third.status).toBe(409);
    expect(third.data).toMatchObject({
      message: "While stock is limited, one order can hold at most 2 of Lectern Tote Bag.",
    });
  });

  it(`refuses a line past ${cartLimits.lines} per cart`, async () => {
    const cookie = await add(REGISTRATION_PRODUCTS.ylmunEntry, student);
    const cartId = (await database.db.select().from(carts))[0]!.id;
    await database.db.insert(cartLines).values(
      Array.from({ length: cartLimits.lines - 1 }, () => ({
        cartId,
        productId: ids[REGISTRATION_PRODUCTS.ylmunEntry]!,
        registration: student,
      })),
    );
    const answer = await post(
      { intent: "add", productId: ids[REGISTRATION_PRODUCTS.ylmunEntry]!, ...student },
      { cookie },
    );
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, message: expect.stringContaining("at most 50 items") });
    expect(await database.db.$count(cartLines)).toBe(cartLimits.lines);
  });

  it("keeps a cookie that is not one of ours from reaching the database", async () => {
    const answer = await post(
      { intent: "add", productId: ids["District Quarter-Zip"]! },
      { cookie: `${CART_COOKIE}=${encodeURIComponent(btoa(JSON.stringify("x'; drop table carts;--")))}` },
    );
    expect(answer.status).toBe(200);
    const [cart] = await database.db.select().from(carts);
    expect(cart?.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("/fees action: registration details (docs/product.md#5-validation-rules)", () => {
  const tournament = REGISTRATION_PRODUCTS.tournamentEntry;

  async function refusal(product: string, fields: Record<string, string>) {
    const answer = await post({ intent: "add", productId: ids[product]!, ...fields });
    expect(answer.status).toBe(400);
    if (answer.data?.ok !== false) throw new Error("expected a refusal");
    return { message: answer.data.message, errors: answer.data.result?.error ?? {} };
  }

  it("tournament entry: every message, the first one as the notice", async () => {
    const empty = await refusal(tournament, {});
    expect(empty.message).toBe(m.studentNameShort);
    expect(empty.errors).toMatchObject({
      studentFirst: [m.studentNameShort],
      studentLast: [m.studentNameShort],
      studentSchool: [m.schoolShort],
      scheduleEvent: [m.tournament],
      competitionEvent: [m.competitionEvent],
    });
    const long = await refusal(tournament, {
      studentFirst: "x".repeat(101),
      studentLast: "Li",
      studentSchool: ` ${"y".repeat(101)} `,
    });
    expect(long.errors).toMatchObject({ studentFirst: [m.studentNameLong], studentSchool: [m.schoolLong] });
    const trimmed = await refusal(tournament, { studentFirst: "  ", studentLast: "Li", studentSchool: " B " });
    expect(trimmed.errors).toMatchObject({ studentFirst: [m.studentNameShort], studentSchool: [m.schoolShort] });
    expect(await database.db.$count(cartLines)).toBe(0);
  });

  it("tournament entry: a name or school Tabroom's file cannot carry as typed is refused at its field", async () => {
    const [winter] = await schedule();
    const fields = { ...entrant, scheduleEvent: winter!.id, competitionEvent: "Public Forum (PF)" };
    const answer = await refusal(tournament, {
      ...fields,
      studentFirst: "=HYPERLINK(1)",
      studentLast: "李",
      studentSchool: "@Ridge",
      partnerFirst: "+Ben",
      partnerLast: "-Cho",
      partnerSchoolCode: "other",
      partnerSchool: "St. Mary's (N.Y.)",
    });
    expect(answer.errors).toEqual({
      studentFirst: [nameMessages.formula],
      studentLast: [nameMessages.unfoldable("李")],
      studentSchool: [nameMessages.schoolFormula],
      partnerFirst: [nameMessages.formula],
      partnerLast: [nameMessages.formula],
      partnerSchool: [nameMessages.schoolPunctuation],
    });
    // Accents, hyphens and apostrophes are names: kept as typed (the Tabroom file folds them).
    const cookie = await add(tournament, {
      ...fields,
      studentFirst: "José",
      studentLast: "Núñez-O'Brien",
      partnerFirst: "Zoë",
      partnerLast: "Li",
    });
    expect((await cartOf(cookie))?.lines[0]?.registration).toMatchObject({ studentName: "José Núñez-O'Brien" });
  });

  it("tournament entry: a past or made-up event and an unknown competition event are refused", async () => {
    const past = await refusal(tournament, {
      ...entrant,
      scheduleEvent: "sheet-event-7",
      competitionEvent: COMPETITION_EVENTS[0],
    });
    expect(past.errors).toMatchObject({ scheduleEvent: [m.tournament] });
    const unknown = await refusal(tournament, {
      ...entrant,
      scheduleEvent: "sheet-event-8",
      competitionEvent: "Chess",
    });
    expect(unknown.errors).toMatchObject({ competitionEvent: [m.competitionEvent] });
  });

  it("tournament entry: each registration is its own line, with the tournament's title and date", async () => {
    const [winter] = await schedule();
    let cookie = await add(tournament, {
      ...entrant,
      scheduleEvent: winter!.id,
      competitionEvent: "Public Forum (PF)",
      partnerFirst: "Ben",
      partnerLast: "Cho",
      // Not asked by this tournament: never kept.
      studentNovice: "on",
      studentEmail: "avi@example.org",
    });
    cookie = await add(
      tournament,
      {
        studentFirst: "Dina",
        studentLast: "Cohen",
        studentSchool: "Riverside Yeshiva High School",
        scheduleEvent: winter!.id,
        competitionEvent: "Lincoln-Douglas (LD)",
      },
      cookie,
    );
    const cart = await cartOf(cookie);
    expect(cart?.lines.map((line) => line.registration)).toEqual([
      {
        ...entrant,
        studentName: "Avi Cohen",
        scheduleEvent: winter!.id,
        competitionEvent: "Public Forum (PF)",
        tournament: "Winter Debate Tournament",
        tournamentDate: winter!.date,
        tournamentKey: `${winter!.date}|winter-debate-tournament`,
        // A team event's partner, with the student's school when none was given (decision 0040).
        partnerFirst: "Ben",
        partnerLast: "Cho",
        partnerSchool: student.studentSchool,
      },
      {
        studentFirst: "Dina",
        studentLast: "Cohen",
        studentName: "Dina Cohen",
        studentSchool: "Riverside Yeshiva High School",
        scheduleEvent: winter!.id,
        competitionEvent: "Lincoln-Douglas (LD)",
        tournament: "Winter Debate Tournament",
        tournamentDate: winter!.date,
        tournamentKey: `${winter!.date}|winter-debate-tournament`,
      },
    ]);
    expect(cart?.itemCount).toBe(2);
    expect(cart?.total).toBe(5000);
  });

  it("judge fee: every message", async () => {
    const empty = await refusal(REGISTRATION_PRODUCTS.judgeFee, {});
    expect(empty.message).toBe(m.schoolShort);
    expect(empty.errors).toMatchObject({
      schoolName: [m.schoolShort],
      scheduleEvent: [m.judgeEvent],
      schoolContact: [m.contactShort],
    });
    const long = await refusal(REGISTRATION_PRODUCTS.judgeFee, {
      schoolName: "z".repeat(101),
      schoolContact: "c".repeat(201),
    });
    expect(long.errors).toMatchObject({ schoolName: [m.schoolLong], schoolContact: [m.contactLong] });
    const [winter] = await schedule();
    const cookie = await add(REGISTRATION_PRODUCTS.judgeFee, {
      schoolName: "Riverside",
      scheduleEvent: winter!.id,
      schoolContact: "coach@example.org",
    });
    expect((await cartOf(cookie))?.lines[0]?.registration).toMatchObject({
      schoolName: "Riverside",
      schoolContact: "coach@example.org",
      tournament: "Winter Debate Tournament",
    });
  });

  it("student entry fees (YLMC and YLMUN): name and school", async () => {
    for (const product of [REGISTRATION_PRODUCTS.ylmcStudentEntry, REGISTRATION_PRODUCTS.ylmunEntry]) {
      const empty = await refusal(product, {});
      expect(empty.errors).toEqual({ studentName: [m.studentNameShort], studentSchool: [m.schoolShort] });
    }
    const cookie = await add(REGISTRATION_PRODUCTS.ylmcStudentEntry, {
      ...student,
      scheduleEvent: "ignored",
      competitionEvent: "ignored",
    });
    expect((await cartOf(cookie))?.lines[0]?.registration).toEqual(student);
  });

  it("school registration fee: school and faculty advisor", async () => {
    const empty = await refusal(REGISTRATION_PRODUCTS.ylmcSchoolRegistration, {});
    expect(empty.errors).toEqual({ schoolName: [m.schoolShort], facultyAdvisor: [m.advisorShort] });
    const long = await refusal(REGISTRATION_PRODUCTS.ylmcSchoolRegistration, {
      schoolName: "Riverside",
      facultyAdvisor: "f".repeat(101),
    });
    expect(long.errors).toEqual({ facultyAdvisor: [m.advisorLong] });
  });
});

describe("/fees action: quantities and removal", () => {
  it("changes a quantity, removes at 0 or less with Item removed, and refuses more than the stock", async () => {
    let cookie = await add("District Quarter-Zip");
    cookie = await add("Lectern Tote Bag", {}, cookie);
    let cart = await cartOf(cookie);
    const [zip, tote] = cart!.lines;

    const changed = await post({ intent: "quantity", lineId: zip!.id, quantity: "3" }, { cookie });
    expect(changed.data).toMatchObject({ ok: true, notice: { title: "Cart updated" } });
    const tooMany = await post({ intent: "quantity", lineId: tote!.id, quantity: "4" }, { cookie });
    expect(tooMany.status).toBe(409);
    expect(tooMany.data).toMatchObject({ message: "Only 3 of Lectern Tote Bag left in stock." });
    const huge = await post({ intent: "quantity", lineId: zip!.id, quantity: "100000" }, { cookie });
    expect(huge.status).toBe(400);

    const removed = await post({ intent: "quantity", lineId: tote!.id, quantity: "0" }, { cookie });
    expect(removed.data).toMatchObject({ ok: true, notice: { title: "Item removed" } });
    const negative = await post({ intent: "quantity", lineId: zip!.id, quantity: "-1" }, { cookie, js: false });
    expect(negative.status).toBe(302);
    expect(negative.location).toBe("/fees#your-cart");
    cart = await cartOf(cookie);
    expect(cart?.lines).toEqual([]);
  });

  it("removes a line, and only from the visitor's own cart", async () => {
    const mine = await add("District Quarter-Zip");
    const theirs = await add("Lectern Tote Bag");
    const [theirLine] = await database.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.productId, ids["Lectern Tote Bag"]!));
    await post({ intent: "remove", lineId: theirLine!.id }, { cookie: mine });
    expect(await database.db.$count(cartLines)).toBe(2);
    const answer = await post({ intent: "remove", lineId: theirLine!.id }, { cookie: theirs });
    expect(answer.data).toMatchObject({ ok: true, notice: { title: "Item removed" } });
    expect(await database.db.$count(cartLines)).toBe(1);
  });

  it("flags, not drops, lines whose product was deactivated, deleted or sold out", async () => {
    let cookie = await add("District Quarter-Zip");
    cookie = await add("Lectern Tote Bag", {}, cookie);
    const [scarf] = await database.db
      .insert(products)
      .values({ name: "Old Scarf", price: 900, displayOrder: 20 })
      .returning();
    ids["Old Scarf"] = scarf!.id;
    cookie = await add("Old Scarf", {}, cookie);
    await database.db.update(products).set({ isActive: false }).where(eq(products.id, ids["District Quarter-Zip"]!));
    await database.db.update(products).set({ stockCount: 0 }).where(eq(products.id, ids["Lectern Tote Bag"]!));
    await database.db.delete(products).where(eq(products.id, scarf!.id));
    const cart = await cartOf(cookie);
    expect(cart?.lines.map((line) => line.problem)).toEqual(["unavailable", "sold-out", "unavailable"]);
    expect(cart?.lines[2]?.product).toBeNull();
    expect(cart?.total).toBe(0);
    expect(cart?.hasProblems).toBe(true);
    // Put the catalogue back for the other tests.
    await database.db.update(products).set({ isActive: true }).where(eq(products.id, ids["District Quarter-Zip"]!));
    await database.db.update(products).set({ stockCount: 3 }).where(eq(products.id, ids["Lectern Tote Bag"]!));
  });
});

describe("limits and failures", () => {
  it("refuses a body far larger than any cart form with 413", async () => {
    const request = new Request("http://localhost/fees", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: ids[ZIP_NAME]!, studentName: "x".repeat(40_000) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "40050" },
    });
    const result = (await action({ request, context: database.context(), params: {} } as never)) as unknown as {
      init: { status: number };
    };
    expect(result.init.status).toBe(413);
    expect(await database.db.$count(carts)).toBe(0);
  });

  it(`refuses more than ${NEW_CART_LIMIT.max} new carts an hour from one address with 429`, async () => {
    const context = database.context({ clientAddress: "198.51.100.7" });
    const start = () =>
      action({
        request: new Request("http://localhost/fees", {
          method: "POST",
          body: new URLSearchParams({ intent: "add", productId: ids[ZIP_NAME]!, js: "1" }),
        }),
        context,
        params: {},
      } as never) as unknown as Promise<{ init?: { status?: number; headers?: Record<string, string> } }>;
    for (let i = 0; i < NEW_CART_LIMIT.max; i++) expect((await start()).init?.status ?? 200).toBe(200);
    const refused = await start();
    expect(refused.init?.status).toBe(429);
    expect(refused.init?.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(await database.db.$count(carts)).toBe(NEW_CART_LIMIT.max);
  });

  it("never creates a cart for an id the client made up: it issues its own, under the new-cart limit", async () => {
    const context = database.context({ clientAddress: "198.51.100.8" });
    const start = async (cartId: string) => {
      const result = (await action({
        request: new Request("http://localhost/fees", {
          method: "POST",
          body: new URLSearchParams({ intent: "add", productId: ids[ZIP_NAME]!, js: "1" }),
          headers: { Cookie: (await cartCookieHeader(cartId)).split(";")[0]! },
        }),
        context,
        params: {},
      } as never)) as unknown as { init?: { status?: number; headers?: HeadersInit } };
      return { status: result.init?.status ?? 200, cookie: cookieOf(new Headers(result.init?.headers)) };
    };
    const minted = "m".repeat(43);
    const first = await start(minted);
    expect(first.status).toBe(200);
    // The server answered with a cart id of its own, and no cart row carries the made-up one.
    expect(first.cookie).toBeTruthy();
    expect(await database.db.$count(carts, eq(carts.id, minted))).toBe(0);
    // A fresh made-up id per request no longer skips the limit.
    for (let i = 1; i < NEW_CART_LIMIT.max; i++) expect((await start(String(i).padStart(43, "x"))).status).toBe(200);
    expect((await start("y".repeat(43))).status).toBe(429);
    expect(await database.db.$count(carts)).toBe(NEW_CART_LIMIT.max);
    // The issued cart's own cookie keeps working past the limit.
    const issued = (await database.db.select().from(carts).limit(1))[0]!.id;
    expect((await start(issued)).status).toBe(200);
  });

  it("a removal without a cart sets no cookie", async () => {
    const answer = await post({ intent: "remove", lineId: "00000000-0000-4000-8000-000000000000" });
    expect(answer.status).toBe(200);
    expect(answer.cookie).toBeUndefined();
  });

  it("a product load failure is logged and shows the empty state", async () => {
    const broken = {
      select() {
        throw new Error("database down");
      },
    };
    expect(await loadShopProducts(broken as never)).toEqual([]);
  });

  it("the cookie is Secure when PUBLIC_URL is https", async () => {
    const previous = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: os.tmpdir(),
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://citron.example.org",
    });
    setEnvForTests(previous);
    resetCartCookieForTests();
    try {
      expect(await cartCookieHeader("a".repeat(43))).toMatch(/; Secure/);
    } finally {
      setEnvForTests(
        parseEnv({
          NODE_ENV: "test",
          DATA_DIR: os.tmpdir(),
          SESSION_SECRET: "s".repeat(40),
          EVENTS_SHEET_URL: sheetFile,
        }),
      );
      resetCartCookieForTests();
    }
  });
});

describe("the header badge", () => {
  it("counts the cart's items, and reads nothing without a cart cookie", async () => {
    const context = database.context();
    // The anonymous request runs on a database that records any use.
    const used: string[] = [];
    const watched = database.context();
    watched.set(
      databaseContext,
      new Proxy(database.db, {
        get(target, property, receiver) {
          used.push(String(property));
          return Reflect.get(target, property, receiver);
        },
      }),
    );
    const anonymous = (await rootLoader({
      request: new Request("http://localhost/"),
      context: watched,
      params: {},
    } as never)) as unknown as {
      data: { cartItemCount: number };
    };
    expect(anonymous.data.cartItemCount).toBe(0);
    expect(used).toEqual([]);
    let cookie = await add("District Quarter-Zip");
    cookie = await add("District Quarter-Zip", {}, cookie);
    cookie = await add(REGISTRATION_PRODUCTS.ylmunEntry, student, cookie);
    const withCart = (await rootLoader({
      request: new Request("http://localhost/", { headers: { Cookie: cookie } }),
      context,
      params: {},
    } as never)) as unknown as { data: { cartItemCount: number } };
    expect(withCart.data.cartItemCount).toBe(3);
  });
});
