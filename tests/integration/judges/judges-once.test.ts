import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logger, requestLogFields } from "~/core/logger.server";
import { auditLog, emailOutbox, judges, orders, rateLimits } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { schoolsContent, setPublishedContent } from "~/features/content/content.server";
import { schoolPass } from "~/features/judges/school-pass.server";
import { loadTabroomFiles } from "~/features/tournaments/tabroom-data.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { action as poolAction, loader as poolLoader } from "~/routes/admin/tournament-judges";
import { loader as judgesCsvLoader } from "~/routes/admin/tournament-judges-csv";
import { action as tournamentAction } from "~/routes/admin/tournament";
import { action as judgeAction } from "~/routes/public/judge";
import { action as linkAction, loader as linkLoader } from "~/routes/public/judge-link";
import { browserRequest } from "#tests/support/accounts";
import type { TestDatabase } from "#tests/support/database";
import { anEntryOrder } from "#tests/support/rows";
import { tabroomTournament } from "#tests/support/tabroom-importer";
import { closeShopDatabase } from "#tests/support/testbed";
import { openTournamentTestbed, sheetDay } from "../tournaments/support";
import { callRoute, judgeFormRequest } from "./support";

/**
 * Decision 0049: one school identity from the form to Tabroom, one judge per person and tournament in one category
 * file, judges who count only when the school or staff vouch, and a judge form no one can misuse.
 */
let database: TestDatabase;
let adminCookie = "";
let viewerCookie = "";
let setEnv: (values?: Record<string, string>) => void;
const WINTER = "Winter Debate Tournament";
const date = sheetDay(30).iso;
const key = tournamentKey(WINTER, date);
const poolPath = `/admin/tournaments/${encodeURIComponent(key)}/judges`;
let client = 0;

beforeAll(async () => {
  ({ database, adminCookie, viewerCookie, setEnv } = await openTournamentTestbed("judges-once"));
});
afterAll(async () => {
  setPublishedContent("schools", null);
  await closeShopDatabase(database);
});
beforeEach(async () => {
  setPublishedContent("schools", null);
  await database.db.delete(emailOutbox);
  await database.db.delete(judges);
  await database.db.delete(orders);
  await database.db.delete(rateLimits);
});

/** Posts the judge form from a client address of its own (the per-client limit is the contact form's). */
const post = (fields: Record<string, string | readonly string[]>, address = `10.1.${++client >> 8}.${client & 255}`) =>
  callRoute(database, judgeAction, judgeFormRequest(fields), {}, address);

const judge = (email: string, extra: Record<string, string | readonly string[]> = {}) => ({
  tournament: key,
  firstName: "Dana",
  lastName: "Levi",
  email,
  schoolCode: "none",
  categories: ["debate"],
  ...extra,
});

/** The token of the link in the last email to `email`. */
async function tokenOf(email: string) {
  const mails = (await database.db.select().from(emailOutbox)).filter(
    (row) => row.to.toLowerCase() === email.toLowerCase(),
  );
  return /\/judge\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;
}

const confirm = async (email: string) => {
  const token = await tokenOf(email);
  const answer = await callRoute(
    database,
    linkAction,
    browserRequest(`/judge/${token}`, "", { intent: "confirm" }),
    { token },
    `10.9.${++client >> 8}.${client & 255}`,
  );
  expect(answer.status).toBe(200);
};

const pool = async (cookie = viewerCookie) =>
  (await poolLoader({
    request: browserRequest(poolPath, cookie),
    context: database.context(),
    params: { key },
  } as never)) as Awaited<ReturnType<typeof poolLoader>>;

const staff = (form: Record<string, string>, cookie = adminCookie) =>
  callRoute(database, poolAction, browserRequest(poolPath, cookie, form), { key });

async function judgeFile(category: string) {
  const response = (await judgesCsvLoader({
    request: browserRequest(`${poolPath}.csv?category=${category}`, viewerCookie),
    context: database.context(),
    params: { key },
  } as never)) as Response;
  return new Uint8Array(await response.arrayBuffer());
}

const entryOrder = (school: { name: string; code?: string }, n: number, event: string, novice = false) =>
  anEntryOrder({
    tournamentKey: key,
    tournamentName: WINTER,
    tournamentDate: date,
    eventType: event,
    studentName: `Stu${n} Dent`,
    studentSchool: school.name,
    customerEmail: `family${n}@example.org`,
    registration: {
      ...(school.code ? { schoolCode: school.code } : {}),
      studentFirst: `Stu${n}`,
      studentLast: "Dent",
      studentNovice: novice,
    },
  });

describe("a generated tournament of 40 schools, replayed through Tabroom's importers", () => {
  it("creates each school once, each judge once, and refuses no row", async () => {
    const base = schoolsContent()[0]!;
    setPublishedContent("schools", {
      schools: Array.from({ length: 36 }, (_, index) => ({
        ...base,
        slug: `member-${index + 1}`,
        name: `Member Academy of Town ${index + 1}`,
        tabroomName: `Member Acad ${index + 1}`,
      })),
    });
    const members = memberSchools();
    expect(members).toHaveLength(36);
    const typedOnly = [1, 2, 3, 4].map((n) => `Typed School ${n}`);
    // Four members typed by hand under Other, merged by staff below.
    const typos = members.slice(0, 4).map((member, index) => ({ typed: `Memb Acad Town ${index + 1}`, member }));
    const events = ["Lincoln-Douglas (LD)", "Original Oratory", "Congressional Debate"];
    let n = 0;
    const rows = [
      ...members.flatMap((member, index) =>
        [0, 1].map((k) => entryOrder(member, ++n, events[(index + k) % 3]!, index % 3 === 0)),
      ),
      ...typedOnly.map((name) => entryOrder({ name }, ++n, events[0]!)),
      ...typos.map(({ typed }) => entryOrder({ name: typed }, ++n, events[1]!)),
    ];
    await database.db.insert(orders).values(rows);

    /** email -> the school Tabroom must count the judge for. */
    const expected = new Map<string, string>();
    const categories = [["debate"], ["speech", "debate"], ["congress", "speech", "debate"]] as const;
    for (const [index, member] of members.entries()) {
      const email = `judge${index}@example.org`;
      const fields = judge(email, { schoolCode: member.code, categories: categories[index % 3]! });
      // Every fourth is named on the open form and accepted by staff; the rest through the school's registration.
      const through = index % 4 === 0 ? fields : { ...fields, schoolPass: schoolPass(key, { code: member.code }) };
      expect((await post(through)).status).toBe(200);
      // Every fifth is named again, with another case and another name: still one judge.
      if (index % 5 === 0) await post({ ...through, email: email.toUpperCase(), firstName: "Dee" });
      expected.set(email, member.tabroomName!);
    }
    for (const [index, name] of typedOnly.entries()) {
      const email = `typed${index}@example.org`;
      await post(judge(email, { schoolCode: "other", schoolName: name, schoolPass: schoolPass(key, { typed: name }) }));
      expected.set(email, name);
    }
    for (const [index, { typed, member }] of typos.entries()) {
      const email = `typo${index}@example.org`;
      await post(judge(email, { schoolCode: "other", schoolName: typed, categories: ["speech", "congress"] }));
      expected.set(email, member.tabroomName!);
    }
    for (const email of ["hired0@example.org", "hired1@example.org"]) {
      await post(judge(email, { categories: ["congress"] }));
      expected.set(email, "Hired");
    }
    for (const email of expected.keys()) await confirm(email);

    // Staff accept the judges waiting for their school, then merge the typed schools: the pool recounts at once.
    const waiting = (await pool()).pool.schools.flatMap((school) => school.judges).filter((one) => !one.vouchedBy);
    expect(waiting).toHaveLength(9 + 4);
    for (const one of waiting) expect((await staff({ intent: "accept", judgeId: one.id })).status).toBe(302);
    for (const { typed, member } of typos) {
      const merged = await callRoute(
        database,
        tournamentAction,
        browserRequest(`/admin/tournaments/${encodeURIComponent(key)}`, adminCookie, {
          intent: "merge-school",
          typed,
          into: member.code,
        }),
        { key },
      );
      expect(merged.status).toBe(302);
    }
    const after = await pool();
    expect(after.pool.schools).toHaveLength(40);
    expect(after.pool.totals.confirmed).toBe(36 + 4 + 4);
    const first = after.pool.schools.find((school) => school.schoolCode === members[0]!.code)!;
    expect(first.judges.map((one) => one.email).sort()).toEqual(["judge0@example.org", "typo0@example.org"]);
    expect(first.tabroomName).toBe("Member Acad 1");
    const renamed = after.pool.schools
      .flatMap((school) => school.judges)
      .find((one) => one.email === "judge5@example.org");
    expect(renamed!.otherNames).toEqual(["Dee Levi"]);

    const tabroom = tabroomTournament();
    const files = await loadTabroomFiles(database.db, {
      key,
      date,
      abbreviations: {},
      asks: { novice: true, studentEmail: false },
    });
    for (const file of files.files) tabroom.uploadEntries(file.event, file.csv);
    for (const category of ["debate", "speech", "congress"]) tabroom.uploadJudges(category, await judgeFile(category));

    expect(tabroom.refused).toEqual([]);
    expect(tabroom.schools).toHaveLength(40);
    expect(tabroom.schools.filter((school) => school.createdBy === "judges")).toEqual([]);
    expect(tabroom.judgesCountedTwice()).toEqual([]);
    expect(tabroom.judges).toHaveLength(expected.size);
    for (const replayed of tabroom.judges) {
      const school = expected.get(replayed.email)!;
      const id = school === "Hired" ? 0 : tabroom.schools.find((one) => one.name === school)!.id;
      expect([replayed.email, replayed.schoolId]).toEqual([replayed.email, id]);
    }
    // The novices are listed for staff, one per file, never written as "Y".
    expect(files.files.flatMap((file) => file.novices)).toHaveLength(members.filter((_, i) => i % 3 === 0).length * 2);
  });

  it("fails on the files of before: a school written two ways, a Novice Y, a judge in two category files", () => {
    const tabroom = tabroomTournament();
    tabroom.uploadEntries("LD", "Member Acad 1,NY,100,,Ana,,Li,N,\r\nMember Acad 1,NY,101,,Bo,,Chen,Y,\r\n");
    const before = "Member Academy of Town 1,MAT1,Dana,,Levi,,6,dana@example.org,,,Debate\r\n";
    tabroom.uploadJudges("debate", before);
    tabroom.uploadJudges("speech", before);
    expect(tabroom.refused.map((line) => line.line)).toEqual([2]);
    expect(tabroom.schools.map((school) => school.createdBy)).toEqual(["entries", "judges"]);
    expect(tabroom.judgesCountedTwice()).toEqual(["dana@example.org"]);
  });
});

describe("one judge per person, in one file, counted when vouched for", () => {
  const [first, second] = memberSchools();

  it("a typed school merged into a member school takes its judges and Judge Fees with it, in one step", async () => {
    const typed = "Ohr Chaim Acad (typed)";
    await database.db.insert(orders).values([
      entryOrder({ name: typed }, 1, "Lincoln-Douglas (LD)"),
      entryOrder({ name: typed }, 2, "Lincoln-Douglas (LD)"),
      entryOrder({ name: typed }, 3, "Lincoln-Douglas (LD)"),
      anEntryOrder({
        itemName: "Judge Fee",
        tournamentKey: key,
        tournamentName: WINTER,
        tournamentDate: date,
        studentName: null,
        eventType: null,
        studentSchool: typed,
        itemQuantity: 1,
      }),
    ]);
    await post(
      judge("typed@example.org", { schoolCode: "other", schoolName: typed, schoolPass: schoolPass(key, { typed }) }),
    );
    await confirm("typed@example.org");
    const before = await pool();
    expect(
      before.pool.schools.map((school) => [school.school, school.schoolCode, school.obligation.shortfallTotal]),
    ).toEqual([[typed, null, 0]]);
    const merged = await callRoute(
      database,
      tournamentAction,
      browserRequest(`/admin/tournaments/${encodeURIComponent(key)}`, adminCookie, {
        intent: "merge-school",
        typed,
        into: first!.code,
      }),
      { key },
    );
    expect(merged.status).toBe(302);
    const after = await pool();
    expect(after.pool.schools).toHaveLength(1);
    expect(after.pool.schools[0]).toMatchObject({
      schoolCode: first!.code,
      fees: 1,
      obligation: { owedTotal: 1, confirmed: 1, shortfallTotal: 0 },
    });
    expect(after.pool.schools[0]!.judges.map((one) => [one.email, one.schoolCode])).toEqual([
      ["typed@example.org", first!.code],
    ]);
    expect(new TextDecoder().decode(await judgeFile("debate"))).toContain(
      `${first!.tabroomName},${first!.code},Dana,,Levi`,
    );
  });

  it("waits for the school when named on the open form; staff accept; a forged or other tournament's pass is ignored", async () => {
    await database.db.insert(orders).values([entryOrder(first!, 1, "Lincoln-Douglas (LD)")]);
    const open = judge("open@example.org", { schoolCode: first!.code });
    await post(open);
    await post({
      ...judge("forged@example.org", { schoolCode: first!.code }),
      schoolPass: "e30.AAAAAAAAAAAAAAAAAAAAAA",
    });
    await post({
      ...judge("elsewhere@example.org", { schoolCode: second!.code }),
      schoolPass: schoolPass("2026-01-01|another", { code: second!.code }),
    });
    for (const email of ["open@example.org", "forged@example.org", "elsewhere@example.org"]) await confirm(email);
    let view = await pool();
    const waiting = view.pool.schools.flatMap((school) => school.judges);
    expect(waiting.map((one) => [one.email, one.vouchedBy])).toEqual([
      ["open@example.org", null],
      ["forged@example.org", null],
      ["elsewhere@example.org", null],
    ]);
    expect(view.pool.totals).toMatchObject({ owed: 1, confirmed: 0, shortfall: 1 });
    // Not in Tabroom's file either: there, a judge counts for the school it is written under.
    expect(new TextDecoder().decode(await judgeFile("debate"))).not.toContain("open@example.org");

    const id = waiting[0]!.id;
    await expect(staff({ intent: "accept", judgeId: id }, viewerCookie)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await staff({ intent: "accept", judgeId: id })).status).toBe(302);
    expect(await staff({ intent: "accept", judgeId: id })).toMatchObject({ status: 409 });
    expect(await staff({ intent: "accept", judgeId: "nope" })).toMatchObject({ status: 400 });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "tournament.judge_accept"));
    expect(audit.filter((row) => row.details?.judgeId === id).map((row) => row.details)).toEqual([
      expect.objectContaining({ judgeId: id, email: "open@example.org" }),
    ]);
    view = await pool();
    expect(view.pool.totals).toMatchObject({ confirmed: 1, shortfall: 0 });
    expect(view.pool.schools.flatMap((school) => school.judges).find((one) => one.id === id)!.vouchedBy).toBe("staff");
    expect(new TextDecoder().decode(await judgeFile("debate"))).toContain("open@example.org");
  });

  it("named again with another case updates the one judge; staff move a judge's file to a category they judge", async () => {
    const fields = judge("Pat@Example.org", {
      categories: ["speech", "debate"],
      schoolCode: first!.code,
      schoolPass: schoolPass(key, { code: first!.code }),
    });
    await post(fields);
    await post({ ...fields, email: "pat@example.ORG", firstName: "Patricia", categories: ["congress"] });
    const rows = await database.db.select().from(judges);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Dana",
      otherNames: ["Patricia Levi"],
      categories: ["debate", "speech", "congress"],
      fileCategory: "speech",
      vouchedBy: "family",
    });
    await confirm("pat@example.org");
    const inFile = async (category: string) =>
      new TextDecoder().decode(await judgeFile(category)).includes("Pat@Example.org");
    expect([await inFile("debate"), await inFile("speech"), await inFile("congress")]).toEqual([false, true, false]);

    const id = rows[0]!.id;
    expect((await staff({ intent: "move", judgeId: id, category: "congress" })).status).toBe(302);
    expect([await inFile("debate"), await inFile("speech"), await inFile("congress")]).toEqual([false, false, true]);
    expect(await staff({ intent: "move", judgeId: id, category: "nope" })).toMatchObject({ status: 400 });
    const moves = await database.db.select().from(auditLog).where(eq(auditLog.action, "tournament.judge_move"));
    expect(moves.at(-1)!.details).toMatchObject({ judgeId: id, category: "congress" });
    await post(judge("solo@example.org", { categories: ["debate"] }));
    const solo = (await database.db.select().from(judges).where(eq(judges.email, "solo@example.org")))[0]!;
    expect(await staff({ intent: "move", judgeId: solo.id, category: "speech" })).toMatchObject({ status: 409 });
    await expect(staff({ intent: "move", judgeId: id, category: "debate" }, viewerCookie)).rejects.toMatchObject({
      init: { status: 403 },
    });

    // A volunteer for any tournament who is already this tournament's judge is not assigned twice.
    await post(judge("PAT@example.org", { tournament: "any" }));
    const volunteer = (await pool()).pool.volunteers[0]!;
    expect(await staff({ intent: "assign", judgeId: volunteer.id })).toMatchObject({ status: 409 });
  });
});

describe("the judge form closed to misuse", () => {
  it("300 posts from 30 addresses to 5 recipients: at most 15 emails, no token in the log, no error", async () => {
    setEnv({ CONTACT_RATE_LIMIT_MAX: "1000" });
    const lines: string[] = [];
    const capture = {
      info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      warn: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      error: (...args: unknown[]) => lines.push(JSON.stringify(args)),
    };
    const child = vi.spyOn(logger, "child").mockReturnValue(capture as never);
    try {
      const statuses = new Map<number, number>();
      for (let index = 0; index < 300; index++) {
        const answer = await post(
          judge(`target${index % 5}@example.org`, {
            firstName: `Name${index}`,
            note: "Visit https://evil.example/win",
            phone: "+1 (555) 010-2030",
          }),
          `10.2.0.${index % 30}`,
        );
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.data.status).toBe("sent");
      }
      expect([...statuses]).toEqual([[200, 300]]);
      const mails = await database.db.select().from(emailOutbox);
      expect(mails.length).toBeLessThanOrEqual(15);
      expect(mails).toHaveLength(15);
      for (const mail of mails) {
        expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
        expect(mail.text).not.toMatch(/5550102030|010-2030/);
      }
      expect(await database.db.select().from(judges)).toHaveLength(5);
      expect((await database.db.select().from(judges))[0]!.phone).toBe("15550102030");
      const tokens = await Promise.all([0, 1, 2, 3, 4].map((k) => tokenOf(`target${k}@example.org`)));
      // The request log's line of each link page, in the spellings the router reads.
      for (const token of tokens)
        for (const path of [`/judge/${token}`, `/Judge/${token}.data`, `/judge/${encodeURIComponent(token)}`])
          lines.push(JSON.stringify(requestLogFields({ id: 1, method: "POST", url: path })));
      for (const token of tokens) expect(lines.filter((line) => line.includes(token))).toEqual([]);
    } finally {
      child.mockRestore();
      setEnv();
    }
  });

  it("refuses a phone with letters or a formula; limits the judge link page per client", async () => {
    const refused = await post(judge("p@example.org", { phone: "=1+1" }));
    expect(refused.status).toBe(400);
    expect(await post(judge("p@example.org", { phone: "call me" }))).toMatchObject({ status: 400 });
    await post(judge("p@example.org"));
    const token = await tokenOf("p@example.org");
    const view = () =>
      linkLoader({
        request: new Request(`http://localhost/judge/${token}`),
        params: { token },
        context: database.context({ clientAddress: "10.3.0.1" }),
      } as never);
    for (let index = 0; index < 30; index++) await view();
    await expect(view()).rejects.toMatchObject({ init: { status: 429 } });
  });
});
