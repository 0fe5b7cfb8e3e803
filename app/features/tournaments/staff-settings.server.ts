import { sql } from "drizzle-orm";
import { invalidatePublicPages } from "~/core/page-cache.server";
import type { Database } from "~/db/client.server";
import { tournamentSettings, type FamilyChangeMode, type TournamentSettings } from "~/db/schema/tournaments";
import { tournamentKey } from "~/db/tournament-key";
import type { Actor } from "~/core/actor";
import { auditedChange } from "~/features/accounts/audit.server";
import { isIsoDate } from "~/features/events/dates";
import { getScheduleEvents } from "~/features/events/events.server";
import {
  ABBREVIATION_PATTERN,
  COMPETITION_EVENTS,
  DEFAULT_ABBREVIATIONS,
  defaultEventsFor,
  eventAbbreviation,
  isDistrictTournament,
  takesEntriesByDefault,
} from "./competition-events";
import { takenPlaces } from "./places.server";
import { refundPolicyOf } from "./refund-policy.server";
import type { RefundPolicy } from "./refund-policy";
import { offeredEvents, registrationToday } from "./settings.server";
import { closesLabel, registrationWindow, type RegistrationWindow, windowProblem } from "./window";

/** The most tournaments off the sheet (orphaned or past) the list shows, newest first. */
const OFF_SHEET_LIMIT = 100;

/** One tournament on the staff list: the sheet's, or a setting whose tournament left the sheet (orphaned). */
export type StaffTournament = {
  key: string;
  title: string;
  date: string;
  /** The sheet's event type; null for a tournament the sheet no longer lists. */
  type: string | null;
  /** Whether it takes entries here (decision 0051): staff's choice, or the default rule. */
  takesEntries: boolean;
  /** What the default rule says, shown beside the choice. */
  takesEntriesByDefault: boolean;
  /** Staff's choice: open, closed, or null for the default. */
  registrationOpen: boolean | null;
  /** Its settings or entries name a day still to come that the sheet no longer lists. */
  orphaned: boolean;
  /** Its day has gone by (kept on the list for its roster). */
  past: boolean;
  window: RegistrationWindow;
  closes: string;
  events: string[];
  caps: Record<string, number>;
  /** Entries holding a place, per event. */
  entries: Record<string, number>;
  /** Staff's abbreviations of events in Tabroom (decision 0046); an event not named has its default. */
  abbreviations: Record<string, string>;
  /** What registration asks each student besides the name (decision 0046). */
  asks: { novice: boolean; studentEmail: boolean };
  /** What a drop refunds (decision 0048); the defaults when there is no row. */
  refundPolicy: RefundPolicy;
  /** How families' changes through their entries links apply (decision 0047). */
  familyChanges: FamilyChangeMode;
  settings: Pick<TournamentSettings, "opensOn" | "closesOn" | "updatedAt" | "updatedBy"> | null;
};

/**
 * The district's upcoming tournaments of the sheet with their settings and entry counts, then the tournaments the
 * sheet does not list: a saved setting or entries for a day still to come is orphaned (its title or date changed, or
 * the row went), one whose day has gone by is past.
 */
export async function listStaffTournaments(db: Database, today = registrationToday()): Promise<StaffTournament[]> {
  const schedule = (await getScheduleEvents(db)).filter((event) => isDistrictTournament(event.type));
  const rows = await db.select().from(tournamentSettings);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const sheet = schedule.map((event) => ({
    key: tournamentKey(event.title, event.date),
    title: event.title,
    date: event.date,
    type: event.type as string | null,
  }));
  const onSheet = new Set(sheet.map((event) => event.key));
  // Tournaments the sheet does not list (any more): saved settings, and the tournaments of entries (past ones too,
  // so a roster stays reachable after the day), newest first.
  const entered = await db.execute(sql`
    select distinct on (o.tournament_key) o.tournament_key as key, o.tournament_name as title, o.tournament_date as date
      from orders o
     where o.tournament_key is not null and o.tournament_name is not null and o.tournament_date is not null
       and o.status in ('completed', 'pending')
     order by o.tournament_key, o.created_at desc`);
  const offSheet = new Map<string, { key: string; title: string; date: string }>();
  for (const row of rows) offSheet.set(row.key, { key: row.key, title: row.title, date: row.date });
  for (const row of (entered as unknown as { rows: Array<{ key: string; title: string; date: string }> }).rows) {
    if (!offSheet.has(row.key)) offSheet.set(row.key, row);
  }
  const others = [...offSheet.values()]
    .filter((item) => !onSheet.has(item.key))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.title.localeCompare(b.title)))
    .slice(0, OFF_SHEET_LIMIT);
  const all = [
    ...sheet.map((event) => ({ ...event, orphaned: false, past: false })),
    ...others.map((item) => ({ ...item, type: null, orphaned: item.date >= today, past: item.date < today })),
  ];
  const taken = await takenPlaces(
    db,
    all.map((item) => item.key),
  );
  return all.map((item) => {
    const row = byKey.get(item.key) ?? null;
    const window = registrationWindow(item.date, row, today);
    // A tournament the sheet no longer lists keeps its saved choice; with none, it took entries (it was one).
    const byDefault = item.type === null ? true : takesEntriesByDefault({ type: item.type, title: item.title });
    return {
      ...item,
      takesEntries: row?.registrationOpen ?? byDefault,
      takesEntriesByDefault: byDefault,
      registrationOpen: row?.registrationOpen ?? null,
      window,
      closes: closesLabel(window.closesOn),
      events: offeredEvents(row, item.type),
      caps: row?.caps ?? {},
      entries: Object.fromEntries(taken.get(item.key) ?? []),
      abbreviations: row?.abbreviations ?? {},
      asks: { novice: row?.askNovice ?? false, studentEmail: row?.askStudentEmail ?? false },
      refundPolicy: refundPolicyOf(row),
      familyChanges: row?.familyChanges ?? "at-once",
      settings: row
        ? { opensOn: row.opensOn, closesOn: row.closesOn, updatedAt: row.updatedAt, updatedBy: row.updatedBy }
        : null,
    };
  });
}

/** One tournament of the staff list by key, or null. */
export async function findStaffTournament(db: Database, key: string): Promise<StaffTournament | null> {
  return (await listStaffTournaments(db)).find((item) => item.key === key) ?? null;
}

export type SettingsInput = {
  /** Open or closed for registration by staff's choice; null: the default rule (decision 0051). */
  registrationOpen: boolean | null;
  opensOn: string | null;
  closesOn: string | null;
  events: string[];
  caps: Record<string, number>;
  abbreviations: Record<string, string>;
  askNovice: boolean;
  askStudentEmail: boolean;
  familyChanges: FamilyChangeMode;
};

/**
 * The settings form (field names: registration ("default", "open" or "closed"), opensOn, closesOn, event (repeated), cap-<index of the event>, abbr-<index of the
 * event>, askNovice, askStudentEmail) read, or a message.
 */
export function parseSettingsForm(
  form: FormData,
  tournamentDate: string,
): { ok: true; value: SettingsInput } | { ok: false; message: string } {
  const day = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value === "" ? null : value;
  };
  const choice = String(form.get("registration") ?? "default");
  if (!["default", "open", "closed"].includes(choice))
    return { ok: false, message: "Choose whether the tournament is open for registration." };
  const registrationOpen = choice === "default" ? null : choice === "open";
  const opensOn = day("opensOn");
  const closesOn = day("closesOn");
  for (const [label, value] of [
    ["opening", opensOn],
    ["closing", closesOn],
  ] as const) {
    if (value !== null && !isIsoDate(value)) return { ok: false, message: `The ${label} day must be a date.` };
  }
  const problem = windowProblem(tournamentDate, { opensOn, closesOn });
  if (problem) return { ok: false, message: problem };
  const chosen = form.getAll("event").map(String);
  const events = COMPETITION_EVENTS.filter((event) => chosen.includes(event));
  if (events.length === 0) return { ok: false, message: "Offer at least one competition event." };
  const caps: Record<string, number> = {};
  for (const [index, event] of COMPETITION_EVENTS.entries()) {
    const raw = String(form.get(`cap-${index}`) ?? "").trim();
    if (raw === "") continue;
    if (!/^\d{1,5}$/.test(raw)) return { ok: false, message: `The cap for ${event} must be a whole number.` };
    if (events.includes(event)) caps[event] = Number(raw);
  }
  // Decision 0046: an abbreviation names the event's file, so it is short, plain and one event's only.
  const abbreviations: Record<string, string> = {};
  for (const [index, event] of COMPETITION_EVENTS.entries()) {
    const raw = String(form.get(`abbr-${index}`) ?? "")
      .trim()
      .toUpperCase();
    if (raw === "" || raw === DEFAULT_ABBREVIATIONS[event]) continue;
    if (!ABBREVIATION_PATTERN.test(raw))
      return { ok: false, message: `The abbreviation of ${event} must be 1 to 8 letters or digits.` };
    abbreviations[event] = raw;
  }
  const seen = new Map<string, string>();
  for (const event of COMPETITION_EVENTS) {
    const abbreviation = eventAbbreviation(event, abbreviations);
    const other = seen.get(abbreviation);
    if (other) return { ok: false, message: `${other} and ${event} cannot both be ${abbreviation}.` };
    seen.set(abbreviation, event);
  }
  const askNovice = form.get("askNovice") === "1";
  const askStudentEmail = form.get("askStudentEmail") === "1";
  const familyChanges: FamilyChangeMode = form.get("familyChanges") === "approval" ? "approval" : "at-once";
  return {
    ok: true,
    value: {
      registrationOpen,
      opensOn,
      closesOn,
      events,
      caps,
      abbreviations,
      askNovice,
      askStudentEmail,
      familyChanges,
    },
  };
}

/**
 * Saves a tournament's settings (a new row or the same key's), audited. A cap below the entries already holding
 * places is allowed: nobody is removed, and the event shows full until places free up.
 */
export async function saveTournamentSettings(
  db: Database,
  actor: Actor,
  tournament: { key: string; title: string; date: string; type?: string | null },
  input: SettingsInput,
): Promise<void> {
  // The type's own events are kept as "the default" (null), so a later change of the default rule reaches them.
  const byDefault = defaultEventsFor(tournament.type);
  const events =
    input.events.length === byDefault.length && byDefault.every((event) => input.events.includes(event))
      ? null
      : input.events;
  await auditedChange(
    db,
    actor,
    async (tx) => {
      const values = {
        key: tournament.key,
        title: tournament.title,
        date: tournament.date,
        registrationOpen: input.registrationOpen,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        events,
        caps: input.caps,
        abbreviations: input.abbreviations,
        askNovice: input.askNovice,
        askStudentEmail: input.askStudentEmail,
        familyChanges: input.familyChanges,
        updatedAt: new Date(),
        updatedBy: actor.email,
      };
      const [row] = await tx
        .insert(tournamentSettings)
        .values(values)
        .onConflictDoUpdate({ target: tournamentSettings.key, set: { ...values, key: sql`excluded.key` } })
        .returning();
      return row;
    },
    (row) => ({
      action: "tournament.settings",
      details: {
        key: row.key,
        title: row.title,
        registrationOpen: row.registrationOpen,
        opensOn: row.opensOn,
        closesOn: row.closesOn,
        events: row.events,
        caps: row.caps,
        abbreviations: row.abbreviations,
        askNovice: row.askNovice,
        askStudentEmail: row.askStudentEmail,
        familyChanges: row.familyChanges,
      },
    }),
  );
  // /fees shows the windows and full events, the home page and the schedule their Register links: their cached
  // copies go, here and on every instance.
  invalidatePublicPages(["/fees", "/", "/events"]);
}

/** Deletes an orphaned tournament's settings (its entries keep their tournament's name and key). */
export async function deleteTournamentSettings(db: Database, actor: Actor, key: string): Promise<boolean> {
  const removed = await auditedChange(
    db,
    actor,
    async (tx) =>
      (
        await tx
          .delete(tournamentSettings)
          .where(sql`${tournamentSettings.key} = ${key}`)
          .returning()
      )[0] ?? null,
    (row) => ({ action: "tournament.settings", details: { key: row.key, title: row.title, deleted: true } }),
  );
  if (removed) invalidatePublicPages(["/fees", "/", "/events"]);
  return removed !== null;
}
