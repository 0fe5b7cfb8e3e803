import { eq } from "drizzle-orm";
import { hasRelativeLink } from "~/features/email/absolute-links";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  checkouts,
  emailOutbox,
  judges,
  orders,
  rateLimits,
  tournamentJudgeSettings,
} from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { fulfilCheckout } from "~/features/payments/checkout/checkout.server";
import { defaultRegistrationProductNames } from "~/features/products/registration-products";
import { checkoutCart } from "~/features/shop/cart/cart-checkout.server";
import { readCartIdFromCookies } from "~/features/shop/cart/cart-cookie.server";
import { schoolPass } from "~/features/judges/school-pass.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { action as contactAction } from "~/routes/public/contact";
import { action as judgeAction, loader as judgeLoader } from "~/routes/public/judge";
import { action as linkAction, loader as linkLoader } from "~/routes/public/judge-link";
import { action as poolAction, loader as poolLoader } from "~/routes/admin/tournament-judges";
import { loader as judgesCsvLoader } from "~/routes/admin/tournament-judges-csv";
import { browserRequest } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { importTabroomJudges } from "#tests/support/tabroom-importer";
import { closeShopDatabase } from "#tests/support/testbed";
import { callRoute, judgeFormRequest } from "./support";
import { addEntry, loadFees, openTournamentTestbed, sheetDay } from "../tournaments/support";

/** Decision 0045: the judge form and its link, what schools owe, the pool page, and Tabroom's judge file. */
let database: TestDatabase;
let ids: Record<string, string> = {};
let adminCookie = "";
let viewerCookie = "";
const names = defaultRegistrationProductNames("Citron");
const WINTER = "Winter Debate Tournament";
const key = tournamentKey(WINTER, sheetDay(30).iso);
const poolPath = `/admin/tournaments/${encodeURIComponent(key)}/judges`;
const [first, second] = memberSchools();

beforeAll(async () => {
  ({ database, ids, adminCookie, viewerCookie } = await openTournamentTestbed("judges"));
});
afterAll(async () => {
  await closeShopDatabase(database);
});
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(judges);
  await database.db.delete(orders);
  await database.db.delete(checkouts);
  await database.db.delete(carts);
  await database.db.delete(rateLimits);
  await database.db.delete(tournamentJudgeSettings);
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
  return checkout;
}

/** A paid entry; the student's name is asked in parts (decision 0046): `student` is split at its last space. */
const entry = (student: string, event: string, school = first!, email?: string) => {
  const space = student.lastIndexOf(" ");
  const name = { studentFirst: student.slice(0, space), studentLast: student.slice(space + 1) };
  return paid(names.tournamentEntry, { ...name, schoolCode: school.code, competitionEvent: event }, email);
};

const call = (handler: (args: never) => unknown, request: Request, params: Record<string, string> = {}) =>
  callRoute(database, handler, request, params);

/** Posts the judge form as a browser would (categories repeated). */
const judgeForm = (fields: Record<string, string | string[]>) => call(judgeAction, judgeFormRequest(fields));

const dana = {
  tournament: key,
  firstName: "Dana",
  lastName: "Levi",
  email: "dana@example.org",
  phone: "(212) 555-0100",
  schoolCode: first!.code,
  categories: ["debate", "speech"],
  note: "parent",
};

/** The form's fields as the school's own registration links them (decision 0049): the judge counts for it. */
const throughSchool = (fields: Record<string, string | string[]>, school = first!) => ({
  ...fields,
  schoolPass: schoolPass(key, { code: school.code }),
});

/** Names a judge and returns the token of the link in their email. */
async function named(fields: Record<string, string | string[]> = dana) {
  const answer = await judgeForm(fields);
  expect(answer).toMatchObject({ status: 200, data: { status: "sent" } });
  const mail = (await database.db.select().from(emailOutbox)).find((row) => row.to === fields.email)!;
  return /\/judge\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

const link = (token: string, intent: "confirm" | "withdraw") =>
  call(linkAction, browserRequest(`/judge/${token}`, "", { intent }), { token });

async function pool(cookie = viewerCookie) {
  return (await poolLoader({
    request: browserRequest(poolPath, cookie),
    context: database.context(),
    params: { key },
  } as never)) as Awaited<ReturnType<typeof poolLoader>>;
}

const schoolRow = async (name: string) => (await pool()).pool.schools.find((school) => school.school === name);

describe("the judge form", () => {
  it("offers the district's tournaments to come and any tournament, with the link's choice", async () => {
    const page = await judgeLoader({
      request: new Request(`http://localhost/judge?tournament=${encodeURIComponent(key)}`),
      context: database.context(),
      params: {},
    } as never);
    expect(page.tournaments.map((tournament) => tournament.title)).toEqual([WINTER, "Spring Speech Tournament"]);
    expect(page.chosen).toBe(key);
  });

  it("saves the judge pending and mails one confirmation whose link confirms, then withdraws", async () => {
    const token = await named();
    const [row] = await database.db.select().from(judges);
    expect(row).toMatchObject({ firstName: "Dana", school: first!.name, schoolCode: first!.code, status: "pending" });
    // Only the token's hash is stored.
    expect(row!.tokenHash).not.toContain(token);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Please confirm you will judge ${WINTER}`);
    expect(mails[0]!.text).toContain(`https://citron.example/judge/${token}`);

    const page = await linkLoader({
      params: { token },
      context: database.context(),
      request: new Request("http://x"),
    } as never);
    expect((page as unknown as { data: { judge: { status: string } } }).data.judge.status).toBe("pending");
    expect(await link(token, "confirm")).toMatchObject({ status: 200 });
    expect((await database.db.select().from(judges))[0]!.status).toBe("confirmed");
    expect(await link(token, "withdraw")).toMatchObject({ status: 200 });
    expect((await database.db.select().from(judges))[0]!.status).toBe("withdrawn");
    // A link that is not ours is a 404.
    await expect(link(`${token.slice(0, -2)}xx`, "confirm")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("refuses what entries refuse, at the field, and saves nothing", async () => {
    for (const [field, value, message] of [
      ["firstName", "=HYPERLINK(1)", "First name cannot start with =, +, - or @."],
      ["lastName", "Levi\nEvil", "Last name must be on one line, without line breaks or control characters."],
    ] as const) {
      const answer = await judgeForm({ ...dana, [field]: value });
      expect(answer.status).toBe(400);
      expect((answer.data.result as { error: Record<string, string[]> }).error[field]).toEqual([message]);
    }
    const missing = await judgeForm({ ...dana, categories: [], tournament: "2001-01-01|gone" });
    expect(missing.status).toBe(400);
    expect(await database.db.select().from(judges)).toEqual([]);
  });

  it("answers a filled honeypot as sent and keeps nothing; the contact form's limit applies per address", async () => {
    expect(await judgeForm({ ...dana, website: "spam" })).toMatchObject({ status: 200, data: { status: "sent" } });
    expect(await database.db.select().from(judges)).toEqual([]);
    for (let n = 0; n < 5; n++) await named({ ...dana, email: `judge${n}@example.org` });
    const limited = await judgeForm({ ...dana, email: "judge9@example.org" });
    expect(limited.status).toBe(429);
    expect(await database.db.select().from(judges)).toHaveLength(5);
  });

  it("answers the contact form's Judge tournaments inquiry with the judge form", async () => {
    const send = async (inquiryPurpose: string) =>
      call(
        contactAction,
        browserRequest("/contact", "", {
          name: "Dana Levi",
          email: "dana@example.org",
          inquiryPurpose,
          comment: "I would like to judge this season.",
        }),
      );
    expect((await send("judge-tournaments")).data).toMatchObject({ status: "success", judgeForm: "/judge" });
    expect((await send("join-district")).data.judgeForm).toBeUndefined();
  });
});

describe("what a school owes, and the pool", () => {
  it("counts paid entries per category, less Judge Fees; the shortfall falls as judges confirm", async () => {
    await entry("Ana Li", "Lincoln-Douglas (LD)");
    await entry("Ben Cho", "Lincoln-Douglas (LD)");
    await entry("Cy Dee", "Lincoln-Douglas (LD)");
    await entry("Di Eve", "Original Oratory");
    await entry("Ed Fox", "Congressional Debate", second!, "other@example.org");
    let row = await schoolRow(first!.name);
    // Debate: 3 / 2 -> 2; speech: 1 / 5 -> 1.
    expect(row!.obligation).toMatchObject({
      burden: { debate: 2, speech: 1, congress: 0 },
      owedTotal: 3,
      shortfallTotal: 3,
    });

    await paid(names.judgeFee, { schoolName: first!.name, schoolContact: "coach@school.example" });
    row = await schoolRow(first!.name);
    expect(row!.obligation).toMatchObject({ feeCovered: 1, owedTotal: 2, named: 0, shortfallTotal: 2 });

    const token = await named(throughSchool(dana));
    await named(throughSchool({ ...dana, firstName: "Eli", email: "eli@example.org", categories: ["speech"] }));
    row = await schoolRow(first!.name);
    expect(row!.obligation).toMatchObject({ named: 2, confirmed: 0, shortfallTotal: 2 });
    await link(token, "confirm");
    row = await schoolRow(first!.name);
    expect(row!.obligation).toMatchObject({ named: 2, confirmed: 1, shortfallTotal: 1 });

    const view = await pool();
    expect(view.canManage).toBe(false);
    expect(view.pool.totals).toMatchObject({ owed: 3, confirmed: 1, shortfall: 2, schoolsShort: 2 });
    expect(view.pool.schools.find((school) => school.school === first!.name)!.feeContacts).toEqual([
      "coach@school.example",
    ]);
  });

  it("tells families on the receipt what their school owes so far, with the judge form", async () => {
    await entry("Ana Li", "Lincoln-Douglas (LD)");
    await entry("Ben Cho", "Lincoln-Douglas (LD)");
    await entry("Cy Dee", "Lincoln-Douglas (LD)");
    const receipts = (await database.db.select().from(emailOutbox)).map((row) => row.text);
    expect(receipts[0]).toContain(
      `Judges: ${first!.name} owes 1 judge for ${WINTER} so far (0 confirmed, 1 still to name and confirm).`,
    );
    expect(receipts[2]).toContain(`owes 2 judges for ${WINTER} so far`);
    // The link carries the school's pass: a judge named through it counts for the school (decision 0049).
    expect(receipts[2]).toContain(
      `https://citron.example/judge?tournament=${encodeURIComponent(key)}&school=${encodeURIComponent(schoolPass(key, { code: first!.code }))}`,
    );
  });

  it("lets admins message the short schools' registrants only, assign volunteers and set the numbers", async () => {
    await entry("Ana Li", "Lincoln-Douglas (LD)", first!, "short@example.org");
    await entry("Ed Fox", "Original Oratory", second!, "covered@example.org");
    await link(
      await named(throughSchool({ ...dana, schoolCode: second!.code, email: "judge@example.org" }, second)),
      "confirm",
    );
    const admin = await pool(adminCookie);
    expect(admin.shortRecipients).toBe(1);
    await database.db.delete(emailOutbox);
    // Decision 0051: the page's draft links the judge form absolutely, and nothing goes on the first click.
    expect(admin.judgeFormUrl).toBe(`https://citron.example/judge?tournament=${encodeURIComponent(key)}`);
    const message = (intent: string, more: Record<string, string> = {}) =>
      call(
        poolAction,
        browserRequest(poolPath, adminCookie, {
          intent,
          subject: "Judges needed",
          body: `Please name your judges on the judge form: /judge?tournament=${encodeURIComponent(key)}`,
          sendKey: "short-key-1",
          ...more,
        }),
        { key },
      );
    const unconfirmed = await message("message-send");
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.data).toMatchObject({ form: "message", preview: { count: 1 } });
    expect(String(unconfirmed.data.error)).toMatch(/^Not sent yet: this message goes to 1 address\./);
    const preview = await message("message-preview");
    expect(preview.data).toMatchObject({ form: "message", error: null, preview: { count: 1 } });
    const previewText = (preview.data.preview as { text: string }).text;
    expect(previewText).toContain(`https://citron.example/judge?tournament=${encodeURIComponent(key)}`);
    expect(previewText).toContain("for the schools still short of judges");
    const test = await message("message-test");
    expect(test.data).toMatchObject({ notice: "A test was sent to director@example.org." });
    expect((await database.db.select().from(emailOutbox)).map((mail) => [mail.to, mail.subject])).toEqual([
      ["director@example.org", "[Test] Judges needed"],
    ]);
    await database.db.delete(emailOutbox);
    const sent = await message("message-send", { confirmCount: "1" });
    expect(sent.status).toBe(302);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual(["short@example.org"]);
    expect(mails[0]!.text).toContain("for the schools still short of judges");
    // The relative path typed in the message reaches the family as an absolute link, in both parts.
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain(`https://citron.example/judge?tournament=${encodeURIComponent(key)}`);
      expect(hasRelativeLink(part)).toBe(false);
    }
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "tournament.message"));
    expect(audit.at(-1)!.details).toMatchObject({ count: 1, audience: "short-of-judges" });

    // A volunteer for any tournament waits, then is assigned here.
    await named({ ...dana, tournament: "any", schoolCode: "none", email: "vol@example.org" });
    const volunteer = (await pool()).pool.volunteers[0]!;
    expect(volunteer.email).toBe("vol@example.org");
    const viewerTry = poolAction({
      request: browserRequest(poolPath, viewerCookie, { intent: "assign", judgeId: volunteer.id }),
      context: database.context(),
      params: { key },
    } as never);
    await expect(viewerTry).rejects.toMatchObject({ init: { status: 403 } });
    expect(
      (
        await call(poolAction, browserRequest(poolPath, adminCookie, { intent: "assign", judgeId: volunteer.id }), {
          key,
        })
      ).status,
    ).toBe(302);
    const after = await pool();
    expect(after.pool.volunteers).toEqual([]);
    expect(after.pool.unaffiliated.map((judge) => judge.email)).toEqual(["vol@example.org"]);

    // Staff's numbers: one judge per LD entry now.
    const settings = {
      intent: "judge-settings",
      "perJudge-debate": "1",
      "perJudge-speech": "5",
      "perJudge-congress": "6",
      judgesPerFee: "1",
      roundsObligated: "4",
    };
    expect(
      (await call(poolAction, browserRequest(poolPath, adminCookie, { ...settings, "perJudge-debate": "0" }), { key }))
        .status,
    ).toBe(400);
    expect((await call(poolAction, browserRequest(poolPath, adminCookie, settings), { key })).status).toBe(302);
    expect((await pool()).pool.settings).toMatchObject({ entriesPerJudge: { debate: 1 }, roundsObligated: 4 });
  });
});

describe("Tabroom's judge file", () => {
  it("replayed through Tabroom's judge importer: each confirmed judge with name, school, obligation and pools; no unconfirmed or withdrawn judge", async () => {
    await link(await named(throughSchool(dana)), "confirm");
    await link(
      await named({
        ...dana,
        firstName: "José",
        lastName: "Núñez",
        email: "jose@example.org",
        schoolCode: "other",
        schoolName: "Yeshivá of Flatbush",
        categories: ["debate"],
        schoolPass: schoolPass(key, { typed: "Yeshivá of Flatbush" }),
      }),
      "confirm",
    );
    await link(
      await named({
        ...dana,
        firstName: "Hal",
        lastName: "Neutral",
        email: "hal@example.org",
        schoolCode: "none",
        categories: ["debate", "congress"],
        note: "former competitor, coach",
      }),
      "confirm",
    );
    await named({ ...dana, firstName: "Pat", lastName: "Pending", email: "pat@example.org" });
    // Past the five judges one address may name per hour.
    await database.db.delete(rateLimits);
    const gone = await named({ ...dana, firstName: "Wes", lastName: "Withdrawn", email: "wes@example.org" });
    await link(gone, "confirm");
    await link(gone, "withdraw");
    await link(
      await named(
        throughSchool({
          ...dana,
          firstName: "Sue",
          lastName: "Speech",
          email: "sue@example.org",
          categories: ["speech"],
        }),
      ),
      "confirm",
    );

    const response = (await judgesCsvLoader({
      request: browserRequest(`${poolPath}.csv?category=debate`, viewerCookie),
      context: database.context(),
      params: { key },
    } as never)) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const file = new TextDecoder().decode(bytes);
    // ASCII only, no byte-order mark, every line ends CRLF, the template's header first.
    expect(bytes.every((byte) => byte < 0x80)).toBe(true);
    expect(file.split("\r\n")[0]).toBe(
      '"School Name","School Code","First Name","Middle Name","Last Name","Tab Rating (1-100)","Rounds Obligated","Email","Phone","Notes","Judge Pools"',
    );
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);

    const { judges: imported, skipped } = importTabroomJudges(bytes);
    expect(skipped.map((line) => line.reason)).toEqual(["header"]);
    expect(
      imported.map((judge) => [judge.first, judge.last, judge.school, judge.schoolCode, judge.obligation, judge.pools]),
    ).toEqual([
      ["Hal", "Neutral", "Hired", "", "6", ["Debate", "Congress"]],
      ["Dana", "Levi", first!.tabroomName, first!.code, "6", ["Debate", "Speech"]],
      ["Jose", "Nunez", "Yeshiva of Flatbush", "", "6", ["Debate"]],
    ]);
    expect(imported[1]).toMatchObject({
      email: "dana@example.org",
      phone: "2125550100",
      notes: "Can also judge Speech; parent",
    });
    expect(imported[0]!.notes).toBe("Can also judge Congress; former competitor, coach");
    for (const name of ["Pat", "Wes", "Sue"]) expect(imported.map((judge) => judge.first)).not.toContain(name);

    // A category is required.
    await expect(
      judgesCsvLoader({
        request: browserRequest(`${poolPath}.csv`, viewerCookie),
        context: database.context(),
        params: { key },
      } as never),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });
});
