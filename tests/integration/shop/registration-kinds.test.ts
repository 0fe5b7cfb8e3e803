import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { defaultEventsFor } from "~/features/tournaments/competition-events";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { orders } from "~/db/schema/orders";
import { cartLines, carts } from "~/db/schema/shop";
import { products } from "~/db/schema/catalogue";
import { resetEventsServiceForTests } from "~/features/events/events.server";
import { entryCounts } from "~/features/orders/orders.server";
import { groupEntries } from "~/features/orders/entries";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { action, loader } from "~/routes/public/fees";
import type { TestDatabase } from "#tests/support/database";
import { closeShopDatabase, openShopDatabase } from "#tests/support/testbed";
import type { ShopActionData } from "~/features/shop/action-data";
import { CART_COOKIE } from "~/core/cart";
import { NO_TOURNAMENTS_MESSAGE } from "~/features/shop/registration/registration-rules";
import { registrationMessages as m } from "~/features/shop/registration/registration-schema";

// Decisions 0026 and 0027: the form is the product's stored kind; no sample events for sale;
// each form offers its own event types; orders keep the tournament as bought.

const NAMES = defaultRegistrationProductNames("Citron");
const student = { studentName: "Avi Cohen", studentSchool: "Riverside Yeshiva High School" };
/** A tournament entry asks the name in parts (decision 0046). */
const entrant = { studentFirst: "Avi", studentLast: "Cohen", studentSchool: student.studentSchool };
let database: TestDatabase;
let dir = "";
const ids: Record<string, string> = {};

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "America/New_York",
  });

/** A sheet of the given data rows (title, topic, days from today); each call a new file, so a new source. */
let sheets = 0;
function useSheet(rows: [title: string, topic: string, offset: number][]) {
  const lines = [
    "Citron Online District Calendar,,,,,",
    "Legend,,Citron Quals,Speech,WSD,Hybrid Tournament",
    ",,,Debate,Congress,Yeshiva League",
    ",,,,,",
    ",,,,,",
    ",,,,,",
    "Date,Event,Registration Link,Topic,Time,Location",
    `"${day(-20)}",Autumn Speech Tournament,,Oratory,10:00 AM,Zoom`,
    ...rows.map(([title, topic, offset]) => `"${day(offset)}",${title},,${topic},10:00 AM,Zoom`),
  ];
  const file = path.join(dir, `sheet-${++sheets}.csv`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  useSource(file);
}

function useSource(source: string) {
  setEnvForTests(
    parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "s".repeat(40), EVENTS_SHEET_URL: source }),
  );
  resetEventsServiceForTests();
}

const SEASON: [string, string, number][] = [
  ["Winter Debate Tournament", "LD and PF", 30],
  ["Yeshiva League Debate Night", "Public Forum rounds between league schools", 35],
  ["Citron District Quals: Speech & Debate", "National qualification", 50],
  ["Congressional Debate Tournament", "Docket", 55],
];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "citron-registration-"));
  useSheet(SEASON);
  let seeded: Record<string, string>;
  ({ database, ids: seeded } = await openShopDatabase());
  Object.assign(ids, seeded);
});

afterAll(async () => {
  await closeShopDatabase(database);
});

beforeEach(async () => {
  await database.db.delete(carts);
  useSheet(SEASON);
});

type Answer = { status: number; data?: ShopActionData; cookie?: string };

async function post(fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const request = new Request("http://localhost/fees", {
    method: "POST",
    body: new URLSearchParams({ ...fields, js: "1" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const context = database.context({ clientAddress: "192.0.2.7" });
  const result = (await action({ request, context, params: {} } as never)) as unknown as {
    data: ShopActionData;
    init?: { status?: number; headers?: HeadersInit };
  };
  const header = new Headers(result.init?.headers).getSetCookie().find((value) => value.startsWith(`${CART_COOKIE}=`));
  return { status: result.init?.status ?? 200, data: result.data, cookie: header?.split(";")[0] };
}

async function schedule() {
  const data = await loader({
    request: new Request("http://localhost/fees"),
    context: database.context(),
    params: {},
  } as never);
  return data.schedule;
}

const titlesOf = (events: { title: string }[]) => events.map((event) => event.title);

describe("item 1: the registration form is stored on the product", () => {
  it("the demo fees carry their kinds; the shop's products say which form they open", async () => {
    const data = await loader({
      request: new Request("http://localhost/fees"),
      context: database.context(),
      params: {},
    } as never);
    const kinds = Object.fromEntries(data.products.map((product) => [product.name, product.registrationKind]));
    expect(kinds).toMatchObject({
      [NAMES.tournamentEntry]: "tournamentEntry",
      [NAMES.judgeFee]: "judgeFee",
      [NAMES.ylmcStudentEntry]: "ylmcStudentEntry",
      [NAMES.ylmunEntry]: "ylmunEntry",
      [NAMES.ylmcSchoolRegistration]: "ylmcSchoolRegistration",
      "District Quarter-Zip": "none",
    });
  });

  it("renaming a fee never changes what it asks for; a plain product named like a fee stays plain", async () => {
    const fee = ids[NAMES.ylmunEntry]!;
    const zip = ids["District Quarter-Zip"]!;
    await database.db.update(products).set({ name: "YLMUN Entry Fe (typo fixed later)" }).where(eq(products.id, fee));
    await database.db.update(products).set({ name: NAMES.judgeFee }).where(eq(products.id, zip));
    try {
      const bare = await post({ intent: "add", productId: fee });
      expect(bare.status).toBe(400);
      expect(bare.data).toMatchObject({ ok: false, message: m.studentNameShort });
      const added = await post({ intent: "add", productId: fee, ...student });
      expect(added.status).toBe(200);
      const plain = await post({ intent: "add", productId: zip, schoolName: "ignored" });
      expect(plain.status).toBe(200);
      const lines = await database.db.select().from(cartLines);
      expect(lines.find((line) => line.productId === fee)?.registration).toEqual(student);
      expect(lines.find((line) => line.productId === zip)?.registration).toBeNull();
    } finally {
      await database.db.update(products).set({ name: NAMES.ylmunEntry }).where(eq(products.id, fee));
      await database.db.update(products).set({ name: "District Quarter-Zip" }).where(eq(products.id, zip));
    }
  });

  it("the database refuses a kind that is not on the list", async () => {
    await expect(
      database.db.execute(
        sql`update products set registration_kind = 'raffle' where id = ${ids["District Quarter-Zip"]!}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: "products_registration_kind_check" } });
  });

  it("the data migration gives each product today's form by its current name (any case, trimmed), others none", async () => {
    // Found by name: migration numbers move when branches merge.
    const migrations = path.join(import.meta.dirname, "../../../app/db/migrations");
    const migration = readFileSync(
      path.join(
        migrations,
        readdirSync(migrations).find((name) => name.endsWith("_product-registration-kind-from-names.sql"))!,
      ),
      "utf8",
    );
    const before = await database.db.select({ id: products.id, name: products.name }).from(products);
    try {
      await database.db.update(products).set({ registrationKind: "none" });
      await database.db.update(products).set({ name: "  judge FEE " }).where(eq(products.id, ids[NAMES.judgeFee]!));
      // A district whose SITE_SHORT_NAME is not Citron named its fee after itself.
      await database.db
        .update(products)
        .set({ name: "Maple Tournament Entry Fee" })
        .where(eq(products.id, ids[NAMES.tournamentEntry]!));
      await database.db.execute(sql.raw(migration));
      const kinds = Object.fromEntries(
        (await database.db.select().from(products)).map((product) => [product.id, product.registrationKind]),
      );
      expect(kinds[ids[NAMES.tournamentEntry]!]).toBe("tournamentEntry");
      expect(kinds[ids[NAMES.judgeFee]!]).toBe("judgeFee");
      expect(kinds[ids[NAMES.ylmcStudentEntry]!]).toBe("ylmcStudentEntry");
      expect(kinds[ids[NAMES.ylmunEntry]!]).toBe("ylmunEntry");
      expect(kinds[ids[NAMES.ylmcSchoolRegistration]!]).toBe("ylmcSchoolRegistration");
      expect(kinds[ids["District Quarter-Zip"]!]).toBe("none");
    } finally {
      for (const row of before)
        await database.db.update(products).set({ name: row.name }).where(eq(products.id, row.id));
    }
  });
});

describe("item 2: sample events are never offered for registration (decision 0026)", () => {
  it("a failing sheet with no good copy: nothing offered, a sample id refused, no line written", async () => {
    useSource(path.join(dir, "missing.csv"));
    expect(await schedule()).toEqual([]);
    for (const [product, fields] of [
      [NAMES.tournamentEntry, { ...entrant, scheduleEvent: "sample-event-1", competitionEvent: "Public Forum (PF)" }],
      [
        NAMES.judgeFee,
        { schoolName: "Riverside", scheduleEvent: "sample-event-2", schoolContact: "coach@example.org" },
      ],
    ] as const) {
      const answer = await post({ intent: "add", productId: ids[product]!, ...fields });
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({ ok: false, message: NO_TOURNAMENTS_MESSAGE });
    }
    expect(await database.db.$count(cartLines)).toBe(0);
    // Forms that ask for no tournament still work.
    expect((await post({ intent: "add", productId: ids[NAMES.ylmcStudentEntry]!, ...student })).status).toBe(200);
  });

  it("off-season (a sheet with only past events): the same", async () => {
    useSheet([]);
    expect(await schedule()).toEqual([]);
    const answer = await post({
      intent: "add",
      productId: ids[NAMES.tournamentEntry]!,
      ...entrant,
      scheduleEvent: "sample-event-3",
      competitionEvent: "World Schools",
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ message: NO_TOURNAMENTS_MESSAGE });
  });
});

describe("item 3: each form offers the events it applies to (decision 0027)", () => {
  it("tournament entry and judge fees offer the district's tournaments and qualifiers, never a Yeshiva League event", async () => {
    const events = await schedule();
    const league = events.find((event) => event.type === "yeshiva-league")!;
    expect(league.title).toBe("Yeshiva League Debate Night");
    const tournament = await post({
      intent: "add",
      productId: ids[NAMES.tournamentEntry]!,
      ...entrant,
      scheduleEvent: league.id,
      competitionEvent: "Public Forum (PF)",
    });
    expect(tournament.status).toBe(400);
    expect(tournament.data).toMatchObject({ ok: false, message: m.tournament });
    const judge = await post({
      intent: "add",
      productId: ids[NAMES.judgeFee]!,
      schoolName: "Riverside",
      scheduleEvent: league.id,
      schoolContact: "coach@example.org",
    });
    expect(judge.status).toBe(400);
    expect(judge.data).toMatchObject({ ok: false, message: m.judgeEvent });
    for (const event of events.filter((candidate) => candidate.type !== "yeshiva-league")) {
      const answer = await post({
        intent: "add",
        productId: ids[NAMES.tournamentEntry]!,
        ...entrant,
        scheduleEvent: event.id,
        // Decision 0051: each tournament offers its type's events by default.
        competitionEvent: defaultEventsFor(event.type)[0]!,
      });
      expect({ title: event.title, status: answer.status }).toEqual({ title: event.title, status: 200 });
    }
  });

  it("a season of Yeshiva League events only: tournament entry is closed, the league's fees still sell", async () => {
    useSheet([["Yeshiva League Model Congress Committee Registration", "Committees", 20]]);
    expect(titlesOf(await schedule())).toEqual(["Yeshiva League Model Congress Committee Registration"]);
    const answer = await post({
      intent: "add",
      productId: ids[NAMES.tournamentEntry]!,
      ...entrant,
      scheduleEvent: "sheet-event-8",
      competitionEvent: "World Schools",
    });
    expect(answer.status).toBe(409);
    expect((await post({ intent: "add", productId: ids[NAMES.ylmunEntry]!, ...student })).status).toBe(200);
  });
});

describe("item 4: orders keep the tournament as it was when bought", () => {
  it("a sheet row that later changes does not change the line, the order or the entries view", async () => {
    const [winter] = await schedule();
    expect(winter!.title).toBe("Winter Debate Tournament");
    const added = await post({
      intent: "add",
      productId: ids[NAMES.tournamentEntry]!,
      ...entrant,
      scheduleEvent: winter!.id,
      competitionEvent: "Lincoln-Douglas (LD)",
    });
    expect(added.status).toBe(200);
    // The district renames and moves the same row (same id) after the parent added the fee.
    useSheet([["Winter Debate Classic (moved)", "LD and PF", 32], ...SEASON.slice(1)]);
    const [renamed] = await schedule();
    expect(renamed).toMatchObject({ id: winter!.id, title: "Winter Debate Classic (moved)" });

    const cartId = (await database.db.select().from(carts))[0]!.id;
    const checkout = await checkoutCart(database.db, { cartId, email: "parent@example.org" });
    expect(checkout.ok).toBe(true);
    await database.db.update(orders).set({ status: "completed" }).where(eq(orders.customerEmail, "parent@example.org"));
    const [order] = await database.db.select().from(orders).where(eq(orders.customerEmail, "parent@example.org"));
    expect(order).toMatchObject({
      tournamentName: "Winter Debate Tournament",
      tournamentDate: winter!.date,
      eventType: "Lincoln-Douglas (LD)",
      studentName: student.studentName,
    });
    const groups = groupEntries(await entryCounts(database.db, { student: "", tournament: "", event: "", page: 1 }));
    expect(groups).toContainEqual({
      tournamentName: "Winter Debate Tournament",
      tournamentDate: winter!.date,
      total: 1,
      events: [{ eventType: "Lincoln-Douglas (LD)", entries: 1 }],
    });
  });
});
