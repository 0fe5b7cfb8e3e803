import type { Database } from "~/db/client.server";
import type { SignedInCoach } from "~/features/accounts/guards.server";
import { JUDGE_CATEGORIES, type JudgeCategory } from "~/features/judges/categories";
import { zeroes, type PerCategory } from "~/features/judges/obligations";
import { judgePool } from "~/features/judges/pool.server";
import { memberSchools } from "~/features/tournaments/schools.server";
import { registrationToday } from "~/features/tournaments/settings.server";
import { listStaffTournaments, type StaffTournament } from "~/features/tournaments/staff-settings.server";
import { countsKey, type CoachScope, schoolSeasonCounts, scopeOf } from "../scope/scope.server";

/** One school's judges at one tournament (decision 0045's obligation, read-only): owed, confirmed and short. */
export type SchoolJudges = { owed: PerCategory; confirmed: PerCategory; short: PerCategory; shortTotal: number };

/** What needs the coach at one tournament for one school. */
export type Needs = {
  /** Changes families asked for that wait for staff approval. */
  pendingChanges: number;
  /** Entries whose checkout has waited for payment for more than a day. */
  staleUnpaid: number;
  /**
   * People who named the school on the open judge form and wait for the coach (decision 0054, "Read-only this time"): null until the
   * judges feature reports them (`judgesWaiting` below is the seam).
   */
  judgesWaiting: number | null;
};

export type SeasonSchool = {
  code: string;
  name: string;
  entries: Array<{ event: string; count: number }>;
  entryTotal: number;
  judges: SchoolJudges;
  needs: Needs;
};

export type SeasonTournament = {
  key: string;
  title: string;
  date: string;
  window: StaffTournament["window"];
  /** Registration's last day, as people read it. */
  closes: string;
  schools: SeasonSchool[];
};

/**
 * The seam for the judges waiting for a school's answer (decision 0054, "Read-only this time"): per `countsKey`, how many. Nothing waits
 * yet: the coach's vouching comes with the judges feature's work.
 */
async function judgesWaiting(_db: Database, _scope: CoachScope, _keys: readonly string[]) {
  return new Map<string, number>();
}

/** The tournaments a coach's season shows: those of the sheet still to come (open, or not yet open, or closed). */
export async function seasonTournaments(db: Database, today = registrationToday()): Promise<StaffTournament[]> {
  return (await listStaffTournaments(db, today)).filter((item) => !item.past && !item.orphaned && item.date >= today);
}

/** `/coach`: each open and upcoming tournament with each of the coach's schools' entries, judges and needs. */
export async function coachSeason(db: Database, coach: SignedInCoach): Promise<SeasonTournament[]> {
  const scope = scopeOf(coach);
  const tournaments = await seasonTournaments(db);
  const keys = tournaments.map((item) => item.key);
  const members = memberSchools();
  const [counts, waiting, pools] = await Promise.all([
    schoolSeasonCounts(db, scope, keys),
    judgesWaiting(db, scope, keys),
    Promise.all(tournaments.map((item) => judgePool(db, item.key, members))),
  ]);
  return tournaments.map((tournament, index) => ({
    key: tournament.key,
    title: tournament.title,
    date: tournament.date,
    window: tournament.window,
    closes: tournament.closes,
    schools: coach.schools.map((school) => {
      const found = counts.get(countsKey(tournament.key, school.code));
      const entries = Object.entries(found?.byEvent ?? {})
        .map(([event, count]) => ({ event, count }))
        .sort((a, b) => a.event.localeCompare(b.event, "en-US"));
      const obligation = pools[index]!.schools.find((row) => row.schoolCode === school.code)?.obligation;
      return {
        code: school.code,
        name: school.name,
        entries,
        entryTotal: entries.reduce((total, row) => total + row.count, 0),
        judges: schoolJudges(obligation),
        needs: {
          pendingChanges: found?.pendingChanges ?? 0,
          staleUnpaid: found?.staleUnpaid ?? 0,
          judgesWaiting: waiting.get(countsKey(tournament.key, school.code)) ?? null,
        },
      };
    }),
  }));
}

/** Owed, confirmed (owed less short) and short per category; none owed without an obligation. */
export function schoolJudges(
  obligation: { owed: PerCategory; shortfall: PerCategory; shortfallTotal: number } | undefined,
): SchoolJudges {
  if (!obligation) return { owed: zeroes(), confirmed: zeroes(), short: zeroes(), shortTotal: 0 };
  const confirmed = zeroes();
  for (const category of JUDGE_CATEGORIES as readonly JudgeCategory[])
    confirmed[category] = obligation.owed[category] - obligation.shortfall[category];
  return {
    owed: obligation.owed,
    confirmed,
    short: obligation.shortfall,
    shortTotal: obligation.shortfallTotal,
  };
}
