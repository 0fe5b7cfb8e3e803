import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import { judgePool } from "~/features/judges/pool.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { loader as accountLoader } from "~/routes/coach/account";
import { loader as layoutLoader } from "~/routes/coach/layout";
import { loader as seasonLoader } from "~/routes/coach/season";
import { loader as csvLoader } from "~/routes/coach/tournament-csv";
import { loader as tournamentLoader } from "~/routes/coach/tournament";
import type { TestDatabase } from "#tests/support/database";
import { anEntryOrder } from "#tests/support/rows";
import { closeShopDatabase } from "#tests/support/testbed";
import { openTournamentTestbed, sheetDay } from "../tournaments/support";
import { load, signedInCoach } from "./support";

/**
 * Decision 0054: a coach reads only their schools' rows. Two schools enter the same tournament; the coach of the
 * first walks every coach route with the second's keys and ids, and nothing of the second's is in any answer.
 */
let database: TestDatabase;
let adminCookie = "";
let viewerCookie = "";
let coachCookie = "";
const [mine, theirs] = memberSchools();
const WINTER = "Winter Debate Tournament";
const winter = tournamentKey(WINTER, sheetDay(30).iso);
/** A past tournament where only the other school entered. */
const theirsOnly = tournamentKey("Autumn Cup", "2025-10-05");
const path = (key: string) => `/coach/tournaments/${encodeURIComponent(key)}`;
let theirEntryId = "";

async function entry(
  school: NonNullable<typeof mine>,
  student: string,
  email: string,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const [first, last] = student.split(" ");
  const [row] = await database.db
    .insert(orders)
    .values(
      anEntryOrder({
        studentName: student,
        studentSchool: school.name,
        customerEmail: email,
        tournamentName: WINTER,
        tournamentDate: sheetDay(30).iso,
        tournamentKey: winter,
        eventType: "Lincoln-Douglas (LD)",
        registration: { studentFirst: first, studentLast: last, schoolCode: school.code, tournamentKey: winter },
        ...extra,
      }),
    )
    .returning({ id: orders.id });
  return row!.id;
}

beforeAll(async () => {
  ({ database, adminCookie, viewerCookie } = await openTournamentTestbed("coach-scope"));
  coachCookie = (await signedInCoach(database, "coach.a@example.org", [mine!])).cookie;
  await entry(mine!, "Maya Goldberg", "maya.parent@example.org");
  await entry(mine!, "Eli Stern", "eli.parent@example.org", {
    status: "pending",
    createdAt: new Date(Date.now() - 2 * 86_400_000),
  });
  theirEntryId = await entry(theirs!, "Noa Hidden", "secret.parent@example.org");
  await entry(theirs!, "Ari Hidden", "secret2.parent@example.org", {
    tournamentName: "Autumn Cup",
    tournamentDate: "2025-10-05",
    tournamentKey: theirsOnly,
    registration: { studentFirst: "Ari", studentLast: "Hidden", schoolCode: theirs!.code, tournamentKey: theirsOnly },
  });
  // The other school's entry has a history line.
  await database.db.execute(sql`
    insert into entry_changes (order_id, tournament_key, actor_kind, actor_label, kind, change, summary)
    values (${theirEntryId}, ${winter}, 'staff', 'director@example.org', 'name', '{}'::jsonb, 'Secret name fixed')`);
});
afterAll(async () => {
  await closeShopDatabase(database);
});

const THEIRS = /Hidden|secret|Secret name/;

describe("a coach's scope", () => {
  it("shows the season with the coach's school's entries only, and what needs the coach", async () => {
    const answer = await load(database, seasonLoader, "/coach", coachCookie);
    expect(answer.status).toBe(200);
    const data = JSON.parse(answer.body) as Awaited<ReturnType<typeof seasonLoader>>;
    const row = data.tournaments.find((tournament) => tournament.key === winter)!;
    expect(row.schools).toHaveLength(1);
    expect(row.schools[0]).toMatchObject({
      code: mine!.code,
      entries: [{ event: "Lincoln-Douglas (LD)", count: 2 }],
      needs: { staleUnpaid: 1, pendingChanges: 0, judgesWaiting: null },
    });
    // One paid debate entry: one debate judge owed (2 per judge), none confirmed, one short.
    expect(row.schools[0]!.judges).toMatchObject({
      owed: { debate: 1 },
      confirmed: { debate: 0 },
      short: { debate: 1 },
    });
    expect(answer.body).not.toMatch(THEIRS);
  });

  it("shows the tournament's entries, history and CSV of the coach's school only", async () => {
    const page = await load(database, tournamentLoader, path(winter), coachCookie, { key: winter });
    expect(page.status).toBe(200);
    expect(page.body).toContain("maya.parent@example.org");
    expect(page.body).not.toMatch(THEIRS);
    const csv = await load(database, csvLoader, `${path(winter)}/entries.csv`, coachCookie, { key: winter });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("Maya");
    expect(csv.body).not.toMatch(THEIRS);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "coach.export"));
    expect(audit).toMatchObject({ actorEmail: "coach.a@example.org", details: { tournament: winter, entries: 2 } });
  });

  it("walks every coach route with the other school's keys, ids and crafted parameters: 0 rows of theirs", async () => {
    const crafted = `?school=${theirs!.code}&schoolCode=${theirs!.code}&orderId=${theirEntryId}&code=${theirs!.code}`;
    const answers = [
      await load(database, layoutLoader, `/coach${crafted}`, coachCookie),
      await load(database, seasonLoader, `/coach${crafted}`, coachCookie),
      await load(database, accountLoader, `/coach/account${crafted}`, coachCookie),
      await load(database, tournamentLoader, `${path(winter)}${crafted}`, coachCookie, { key: winter }),
      await load(database, csvLoader, `${path(winter)}/entries.csv${crafted}`, coachCookie, { key: winter }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toMatch(THEIRS);
    }
    // Their tournament, an order id as a key, a made-up key, SQL: a 404 each, for the page and the file.
    for (const key of [theirsOnly, theirEntryId, "2030-01-01|nothing", "' or 1=1 --"]) {
      for (const loader of [tournamentLoader, csvLoader]) {
        const answer = await load(database, loader, path(key), coachCookie, { key });
        expect(answer.status).toBe(404);
        expect(answer.body).not.toMatch(THEIRS);
      }
    }
  });

  it("drops an entry staff move to another school from the coach's view at once", async () => {
    const moved = await entry(mine!, "Dov Moving", "dov.parent@example.org");
    expect((await load(database, tournamentLoader, path(winter), coachCookie, { key: winter })).body).toContain("Dov");
    await database.db.execute(sql`
      update orders set student_school = ${theirs!.name},
             registration = registration || jsonb_build_object('schoolCode', ${theirs!.code}::text)
       where id = ${moved}`);
    const after = await load(database, tournamentLoader, path(winter), coachCookie, { key: winter });
    expect(after.body).not.toContain("Dov");
    await database.db.delete(orders).where(eq(orders.id, moved));
  });

  it("counts the school's judges as the staff's pool page does", async () => {
    // A typed entry under the school's own name, a Judge Fee, and two judges (one confirmed) count for the school; a
    // confirmed judge named on the open form waits for the school (decision 0049) and counts for no one.
    await entry(mine!, "Typed Name", "typed.parent@example.org", {
      registration: { studentFirst: "Typed", studentLast: "Name", tournamentKey: winter },
      studentSchool: mine!.name.toUpperCase(),
    });
    await database.db.insert(orders).values(
      anEntryOrder({
        studentName: null,
        eventType: null,
        itemName: "Judge Fee",
        studentSchool: mine!.name,
        tournamentKey: winter,
        itemQuantity: 1,
      }),
    );
    await database.db.execute(sql`
      insert into judges (tournament_key, first_name, last_name, email, school, school_code, categories, file_category,
                          status, vouched_by, token_hash)
      values (${winter}, 'Dana', 'Levi', 'dana@example.org', ${mine!.name}, ${mine!.code}, '["debate"]', 'debate',
              'confirmed', 'family', 'h1'),
             (${winter}, 'Eli', 'Cohen', 'eli@example.org', ${mine!.name}, ${mine!.code}, '["speech"]', 'speech',
              'pending', 'family', 'h2'),
             (${winter}, 'Wai', 'Ting', 'w@example.org', ${mine!.name}, ${mine!.code}, '["debate"]', 'debate',
              'confirmed', null, 'h4'),
             (${winter}, 'Not', 'Ours', 'x@example.org', ${theirs!.name}, ${theirs!.code}, '["debate"]', 'debate',
              'confirmed', 'staff', 'h3')`);
    for (let n = 0; n < 5; n++) await entry(mine!, `Debater N${n}`, `n${n}.parent@example.org`);
    const pool = await judgePool(database.db, winter, memberSchools());
    const staffView = pool.schools.find((school) => school.schoolCode === mine!.code)!.obligation;
    const season = JSON.parse((await load(database, seasonLoader, "/coach", coachCookie)).body) as Awaited<
      ReturnType<typeof seasonLoader>
    >;
    const judges = season.tournaments.find((tournament) => tournament.key === winter)!.schools[0]!.judges;
    expect(judges.owed).toEqual(staffView.owed);
    expect(judges.short).toEqual(staffView.shortfall);
    expect(staffView.owedTotal).toBeGreaterThan(0);
  });

  it("refuses staff on the coach's pages and the coach on staff's", async () => {
    for (const cookie of [adminCookie, viewerCookie])
      expect((await load(database, seasonLoader, "/coach", cookie)).status).toBe(403);
    expect((await load(database, seasonLoader, "/coach", "")).status).toBe(302);
  });
});
