import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  carts,
  checkouts,
  emailOutbox,
  entryChanges,
  orders,
  rateLimits,
  refunds,
  tournamentSettings,
} from "~/db/schema";
import { takeRateLimit } from "~/db/rate-limit.server";
import { tournamentKey } from "~/db/tournament-key";
import { takeEntryLinkLimit } from "~/features/entry-changes/changes.server";
import { entryScopeByToken } from "~/features/entry-changes/link.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { registrationMessages } from "~/features/shop/registration/registration-schema";
import { memberSchools } from "~/features/tournaments/schools.server";
import { action as tournamentAction, loader as tournamentLoader } from "~/routes/admin/tournament";
import { action as resendAction } from "~/routes/public/entries";
import { action as linkAction, loader as linkLoader } from "~/routes/public/entries-link";
import { action as judgeAction } from "~/routes/public/judge";
import { action as judgeLinkAction } from "~/routes/public/judge-link";
import { browserRequest } from "#tests/support/accounts";
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

/**
 * Decision 0050: one way to drop an entry (the roster's Drop goes through the family's drop path with a staff
 * actor), the family link reaching only its own entries, an unknown school refused at its field, and limits that
 * say when to try again.
 */
let database: TestDatabase;
let ids: Record<string, string> = {};
let adminCookie = "";
let setEnv: TournamentTestbed["setEnv"];
const names = defaultRegistrationProductNames("Citron");
const WINTER = "Winter Debate Tournament";
const key = tournamentKey(WINTER, sheetDay(30).iso);
const rosterPath = `/admin/tournaments/${encodeURIComponent(key)}`;
const [school] = memberSchools();
const LD = "Lincoln-Douglas (LD)";
const STAFF_INBOX = "staff-inbox@example.org";

beforeAll(async () => {
  ({ database, ids, adminCookie, setEnv } = await openTournamentTestbed("drops"));
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  setEnv({ CONTACT_NOTIFY_EMAILS: STAFF_INBOX });
  for (const table of [emailOutbox, entryChanges, refunds, orders, checkouts, carts, rateLimits, tournamentSettings])
    await database.db.delete(table);
});

/** A paid checkout of one entry (and, with `judgeFee`, a Judge Fee in the same cart); its orders and link token. */
async function paidCheckout({ judgeFee = false, first = "Ana" } = {}) {
  const winter = (await loadFees(database)).offers.find((offer) => offer.title === WINTER)!;
  let cookie = await addEntry(database, ids[names.tournamentEntry]!, {
    scheduleEvent: winter.id,
    studentFirst: first,
    studentLast: "Lee",
    schoolCode: school!.code,
    competitionEvent: LD,
  });
  if (judgeFee)
    cookie = await addEntry(
      database,
      ids[names.judgeFee]!,
      { scheduleEvent: winter.id, schoolName: school!.name, schoolContact: "coach@school.example" },
      cookie,
    );
  const checkout = await checkoutAndPay(database, cookie, "parent@example.org");
  const rows = await database.db.select().from(orders).where(eq(orders.checkoutId, checkout.id));
  const receipt = (await database.db.select().from(emailOutbox)).find((row) => row.to === "parent@example.org")!;
  const token = /\/entries\/([A-Za-z0-9_-]+)/.exec(receipt.text)![1]!;
  await database.db.delete(emailOutbox);
  return {
    entry: rows.find((row) => row.studentName !== null)!,
    judgeFee: rows.find((row) => row.studentName === null),
    token,
  };
}

/** The policy after its full refund ended: `afterCents` refunded per drop. */
async function policyAfter(afterCents: number) {
  await database.db.insert(tournamentSettings).values({
    key,
    title: WINTER,
    date: sheetDay(30).iso,
    refundFullUntil: sheetDay(-2).iso,
    refundAfterCents: afterCents,
  });
}

type Answer = { status: number; data: Record<string, unknown>; headers: Headers };

async function call(
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
  address = "203.0.113.9",
): Promise<Answer> {
  const settle = (result: unknown): Answer => {
    if (result instanceof Response) return { status: result.status, data: {}, headers: result.headers };
    const { data, init } = result as {
      data: Record<string, unknown>;
      init?: { status?: number; headers?: HeadersInit };
    };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  };
  try {
    return settle(await handler({ request, context: database.context({ clientAddress: address }), params } as never));
  } catch (thrown) {
    return settle(thrown);
  }
}

const staffDrop = (form: Record<string, string>) =>
  call(tournamentAction, browserRequest(rosterPath, adminCookie, { intent: "drop", ...form }), { key });
const familyPost = (token: string, form: Record<string, string>, address?: string) =>
  call(linkAction, browserRequest(`/entries/${token}`, "", form), { token }, address);
const orderNow = async (id: string) => (await database.db.query.orders.findFirst({ where: eq(orders.id, id) }))!;
type Quote = { orderId: string; policyCents: number; wholeCents: number; policy: string };

describe("the roster's Drop: the family's drop path with a staff actor", () => {
  it("asks first with the amounts, then refunds the policy's amount by default, once; family and staff emailed", async () => {
    const { entry } = await paidCheckout();
    const quarter = Math.floor(entry.totalAmount / 4);
    await policyAfter(quarter);

    const asked = await staffDrop({ orderId: entry.id });
    expect(asked.status).toBe(200);
    const quote = asked.data.drop as Quote;
    expect(quote).toMatchObject({ orderId: entry.id, policyCents: quarter, wholeCents: entry.totalAmount });
    expect(quote.policy).toMatch(/^The full refund has ended; the refund policy refunds \$/);
    expect((await orderNow(entry.id)).droppedAt).toBeNull();

    const dropped = await staffDrop({
      orderId: entry.id,
      confirm: "yes",
      refund: "policy",
      policyCents: String(quote.policyCents),
      wholeCents: String(quote.wholeCents),
    });
    expect(dropped.status).toBe(302);
    const after = await orderNow(entry.id);
    expect(after.droppedAt).not.toBeNull();
    expect(after.refundedAmount).toBe(quarter);
    expect(await database.db.select().from(refunds)).toEqual([
      expect.objectContaining({ orderId: entry.id, amount: quarter, requestKey: `drop-${entry.id}` }),
    ]);
    const mail = await database.db.select().from(emailOutbox);
    expect(mail.map((row) => [row.to, row.subject.split(":")[0]]).sort()).toEqual(
      expect.arrayContaining([
        ["parent@example.org", "Entry dropped"],
        [STAFF_INBOX, "Drop"],
      ]),
    );
    const [line] = await database.db.select().from(entryChanges).where(eq(entryChanges.orderId, entry.id));
    expect(line).toMatchObject({ kind: "drop", actorKind: "staff", actorLabel: "director@example.org" });

    // Again, from a second tab: already dropped, nothing refunded again.
    const again = await staffDrop({ orderId: entry.id, confirm: "yes", refund: "whole", wholeCents: "1" });
    expect(again).toMatchObject({ status: 409, data: { message: "Ana Lee was already dropped." } });
    expect(await database.db.$count(refunds)).toBe(1);
  });

  it("refunds the whole remaining fee or nothing when staff choose it; a stale amount drops nothing", async () => {
    await policyAfter(0);
    const whole = (await paidCheckout()).entry;
    const none = (await paidCheckout({ first: "Bo" })).entry;

    const stale = await staffDrop({ orderId: whole.id, confirm: "yes", refund: "whole", wholeCents: "1" });
    expect(stale.status).toBe(409);
    expect(stale.data.drop).toMatchObject({ policyCents: 0, wholeCents: whole.totalAmount });
    expect((await orderNow(whole.id)).droppedAt).toBeNull();

    const bad = await staffDrop({ orderId: whole.id, confirm: "yes", refund: "<script>", wholeCents: "1" });
    expect(bad.status).toBe(400);

    expect(
      await staffDrop({ orderId: whole.id, confirm: "yes", refund: "whole", wholeCents: String(whole.totalAmount) }),
    ).toMatchObject({ status: 302 });
    expect(await orderNow(whole.id)).toMatchObject({ refundedAmount: whole.totalAmount });

    expect(await staffDrop({ orderId: none.id, confirm: "yes", refund: "none" })).toMatchObject({ status: 302 });
    const dropped = await orderNow(none.id);
    expect(dropped.droppedAt).not.toBeNull();
    expect(dropped.refundedAmount).toBe(0);
    expect(await database.db.$count(refunds)).toBe(1);
    const family = (await database.db.select().from(emailOutbox)).find(
      (row) => row.to === "parent@example.org" && row.subject.startsWith("Entry dropped: Bo Lee"),
    );
    expect(family?.text).toContain("Nothing is refunded");
    expect(family?.text).toContain("Refund: None");
  });

  it("after a family's drop with a partial refund, the roster refunds nothing more", async () => {
    const { entry, token } = await paidCheckout();
    const quarter = Math.floor(entry.totalAmount / 4);
    await policyAfter(quarter);
    // The family's drop while registration is open: the policy's amount.
    const quoted = await familyPost(token, { intent: "drop", orderId: entry.id });
    expect(quoted.data.drop).toMatchObject({ cents: quarter });
    expect(
      await familyPost(token, { intent: "drop", orderId: entry.id, confirm: "yes", refundCents: String(quarter) }),
    ).toMatchObject({ status: 200, data: { ok: true } });

    expect(await staffDrop({ orderId: entry.id })).toMatchObject({ status: 409 });
    const whole = String(entry.totalAmount - quarter);
    expect(await staffDrop({ orderId: entry.id, confirm: "yes", refund: "whole", wholeCents: whole })).toMatchObject({
      status: 409,
      data: { message: "Ana Lee was already dropped." },
    });
    expect((await orderNow(entry.id)).refundedAmount).toBe(quarter);
    expect(await database.db.$count(refunds)).toBe(1);
    // The roster shows it dropped: no Drop to press.
    const view = (await tournamentLoader({
      request: browserRequest(rosterPath, adminCookie),
      context: database.context(),
      params: { key },
    } as never)) as Awaited<ReturnType<typeof tournamentLoader>>;
    expect(view.roster.entries.map((row) => row.state)).toEqual(["dropped"]);
  });
});

describe("the family link reaches only its own entries", () => {
  it("refuses to drop a Judge Fee of the same checkout: not dropped, not refunded", async () => {
    const { judgeFee, token } = await paidCheckout({ judgeFee: true });
    // The Judge Fee carries the tournament, as the issue found: only its missing student keeps it out.
    expect(judgeFee).toMatchObject({ tournamentKey: key, studentName: null });
    const quoted = await familyPost(token, { intent: "drop", orderId: judgeFee!.id });
    expect(quoted).toMatchObject({ status: 404, data: { message: "This entry no longer exists." } });
    const confirmed = await familyPost(token, {
      intent: "drop",
      orderId: judgeFee!.id,
      confirm: "yes",
      refundCents: String(judgeFee!.totalAmount),
    });
    expect(confirmed.status).toBe(404);
    expect(await orderNow(judgeFee!.id)).toMatchObject({ droppedAt: null, refundedAmount: 0 });
    expect(await database.db.$count(refunds)).toBe(0);
  });

  it("refuses an unknown school code at its field and saves nothing", async () => {
    const { entry, token } = await paidCheckout();
    const answer = await familyPost(token, {
      intent: "student",
      orderId: entry.id,
      studentFirst: "Ana",
      studentLast: "Lee",
      schoolCode: "NOPE",
    });
    expect(answer.status).toBe(400);
    expect((answer.data.result as { error: Record<string, string[]> }).error.schoolCode).toEqual([
      registrationMessages.schoolChoice,
    ]);
    expect(await orderNow(entry.id)).toMatchObject({ studentSchool: school!.name });
    expect(await database.db.$count(entryChanges)).toBe(0);
  });
});

describe("limits that say when to try again", () => {
  const minutes = /Please (try again in|wait) \d+ minutes?\b/;

  it("the entries page and its forms, and the resend form, answer 429 with the minutes", async () => {
    const { entry, token } = await paidCheckout();
    const scope = (await entryScopeByToken(database.db, token))!;
    for (let n = 0; n < 10; n++)
      await takeRateLimit(database.db, `entries:changes:${scope.linkId}`, { max: 10, windowSeconds: 3600 });
    const change = await familyPost(token, {
      intent: "student",
      orderId: entry.id,
      studentFirst: "Anna",
      studentLast: "Lee",
      schoolCode: school!.code,
    });
    // At the entry the family was changing, with the Retry-After header.
    expect(change).toMatchObject({ status: 429, data: { ok: false, orderId: entry.id, intent: "student" } });
    expect(change.data.message).toMatch(minutes);
    expect(Number(change.headers.get("Retry-After"))).toBeGreaterThan(0);

    for (let n = 0; n < 120; n++) await takeEntryLinkLimit(database.db, scope.linkId);
    const page = await call(linkLoader, browserRequest(`/entries/${token}`, ""), { token });
    expect(page.status).toBe(429);
    expect(page.data).toMatchObject({ limited: true, message: expect.stringMatching(minutes) });

    for (let n = 0; n < 5; n++)
      await takeRateLimit(database.db, "entries-resend:ip:198.51.100.4", { max: 5, windowSeconds: 3600 });
    const resend = await call(
      resendAction,
      browserRequest("/entries", "", { email: "parent@example.org" }),
      {},
      "198.51.100.4",
    );
    expect(resend.status).toBe(429);
    expect(resend.data.message).toMatch(minutes);
  });

  it("the judge form and the judge link answer 429 with the minutes", async () => {
    const address = "198.51.100.8";
    for (let n = 0; n < 30; n++)
      await takeRateLimit(database.db, `judge-link:change:ip:${address}`, { max: 30, windowSeconds: 3600 });
    const token = "x".repeat(40);
    const link = await call(
      judgeLinkAction,
      browserRequest(`/judge/${token}`, "", { intent: "confirm" }),
      { token },
      address,
    );
    expect(link.status).toBe(429);
    expect(link.data.answer).toMatch(minutes);

    for (let n = 0; n < 5; n++)
      await takeRateLimit(database.db, `judge:ip:${address}`, { max: 5, windowSeconds: 3600 });
    const form = await call(
      judgeAction,
      browserRequest("/judge", "", {
        tournament: key,
        firstName: "Dana",
        lastName: "Levi",
        email: "dana@example.org",
        phone: "2125550100",
        schoolCode: school!.code,
        categories: "debate",
      }),
      {},
      address,
    );
    expect(form.status).toBe(429);
    expect(form.data.message).toMatch(minutes);
  });
});
