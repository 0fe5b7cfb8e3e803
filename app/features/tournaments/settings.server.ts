import { inArray } from "drizzle-orm";
import { env } from "~/core/env.server";
import type { Database, Transaction } from "~/db/client.server";
import { tournamentSettings, type TournamentSettings } from "~/db/schema/tournaments";
import { tournamentKey } from "~/db/tournament-key";
import { todayInNewYork } from "~/features/events/dates";
import type { ScheduleEvent } from "~/features/events/types";
import { COMPETITION_EVENTS, defaultEventsFor, isDistrictTournament, takesEntries } from "./competition-events";
import { takenPlaces } from "./places.server";
import type { TournamentOffer } from "./offer";
import { closesLabel, registrationWindow } from "./window";

/** Today in the district's time zone, or the day REGISTRATION_CLOCK names (tests and rehearsals, decision 0040). */
export function registrationToday(now: Date = new Date()): string {
  return env().REGISTRATION_CLOCK ?? todayInNewYork(now);
}

/** The settings rows of `keys`, by key. */
export async function settingsByKey(
  db: Database | Transaction,
  keys: readonly string[],
): Promise<Map<string, TournamentSettings>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tournamentSettings)
    .where(inArray(tournamentSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * The competition events a tournament offers: its chosen ones, in the list's order, or its type's (decision 0051;
 * with no type known, all of them).
 */
export function offeredEvents(
  settings: Pick<TournamentSettings, "events"> | null | undefined,
  type?: string | null,
): string[] {
  const chosen = settings?.events;
  return chosen ? COMPETITION_EVENTS.filter((event) => chosen.includes(event)) : defaultEventsFor(type);
}

/**
 * The district's tournaments of `schedule` with their windows, events and full events, and whether they take entries
 * here at all (decision 0051), as /fees shows them and the shop's action checks them (the checkout holds the places, race-proof: places.server.ts).
 */
export async function tournamentOffers(
  db: Database,
  schedule: readonly ScheduleEvent[],
  today: string = registrationToday(),
): Promise<TournamentOffer[]> {
  const tournaments = schedule.filter((event) => isDistrictTournament(event.type));
  const keys = tournaments.map((event) => tournamentKey(event.title, event.date));
  const settings = await settingsByKey(db, keys);
  const cappedKeys = keys.filter((key) => Object.keys(settings.get(key)?.caps ?? {}).length > 0);
  const taken = await takenPlaces(db, cappedKeys);
  return tournaments.map((event, index) => {
    const key = keys[index]!;
    const row = settings.get(key);
    const window = registrationWindow(event.date, row, today);
    const caps = row?.caps ?? {};
    const counts = taken.get(key);
    const events = offeredEvents(row, event.type);
    return {
      id: event.id,
      takesEntries: takesEntries(row?.registrationOpen, event),
      key,
      title: event.title,
      date: event.date,
      window,
      closes: closesLabel(window.closesOn),
      events,
      full: events.filter((name) => caps[name] !== undefined && (counts?.get(name) ?? 0) >= caps[name]!),
      asks: { novice: row?.askNovice ?? false, studentEmail: row?.askStudentEmail ?? false },
    };
  });
}
