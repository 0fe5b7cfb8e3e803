import type { Database } from "~/db/client.server";
import type { SignedInCoach } from "~/features/accounts/guards.server";
import { JUDGE_CATEGORIES, type JudgeCategory } from "~/features/judges/categories";
import { judgeTournaments } from "~/features/judges/judges.server";
import { zeroes, type PerCategory } from "~/features/judges/obligations";
import { memberSchools } from "~/features/tournaments/schools.server";
import { registrationToday, settingsByKey } from "~/features/tournaments/settings.server";
import { monthDay, registrationWindow, type RegistrationWindow } from "~/features/tournaments/window";
import { type CountedSchool, schoolObligations } from "../scope/judges.server";
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
  window: RegistrationWindow;
  /** The tournament's day and registration's last day, as people read them ("Mar 28, 2027", "Mar 25"). */
  day: string;
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

/** A tournament as the coach's pages show it: its identity, registration's window and last day. */
export type CoachTournamentInfo = {
  key: string;
  title: string;
  date: string;
  window: RegistrationWindow;
  day: string;
  closes: string;
};

/**
 * The tournaments a coach's season shows: the district's on the sheet still to come (open, not yet open, or closed),
 * as the judge form offers them, with their windows from staff's settings.
 */
export async function seasonTournaments(db: Database, today = registrationToday()): Promise<CoachTournamentInfo[]> {
  const tournaments = await judgeTournaments(db, today);
  const settings = await settingsByKey(
    db,
    tournaments.map((item) => item.key),
  );
  return tournaments.map((item) => {
    const window = registrationWindow(item.date, settings.get(item.key) ?? null, today);
    return { ...item, window, ...dayLabels(item.date, window) };
  });
}

/** A tournament's day ("Mar 28, 2027") and registration's last day ("Mar 25"), as the coach's pages write them. */
export function dayLabels(date: string, window: RegistrationWindow) {
  return { day: `${monthDay(date)}, ${date.slice(0, 4)}`, closes: monthDay(window.closesOn) };
}

/** The coach's schools with their names as the content has them now (the name kept at invitation otherwise). */
export function countedSchools(coach: SignedInCoach): CountedSchool[] {
  const members = new Map(memberSchools().map((school) => [school.code, school.name]));
  return coach.schools.map((school) => ({ code: school.code, name: members.get(school.code) ?? school.name }));
}

/** `/coach`: each open and upcoming tournament with each of the coach's schools' entries, judges and needs. */
export async function coachSeason(db: Database, coach: SignedInCoach): Promise<SeasonTournament[]> {
  const scope = scopeOf(coach);
  const tournaments = await seasonTournaments(db);
  const keys = tournaments.map((item) => item.key);
  const [counts, waiting, obligations] = await Promise.all([
    schoolSeasonCounts(db, scope, keys),
    judgesWaiting(db, scope, keys),
    schoolObligations(db, countedSchools(coach), keys),
  ]);
  return tournaments.map((tournament) => ({
    key: tournament.key,
    title: tournament.title,
    date: tournament.date,
    window: tournament.window,
    day: tournament.day,
    closes: tournament.closes,
    schools: coach.schools.map((school) => {
      const found = counts.get(countsKey(tournament.key, school.code));
      const entries = Object.entries(found?.byEvent ?? {})
        .map(([event, count]) => ({ event, count }))
        .sort((a, b) => a.event.localeCompare(b.event, "en-US"));
      const obligation = obligations.get(countsKey(tournament.key, school.code));
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
