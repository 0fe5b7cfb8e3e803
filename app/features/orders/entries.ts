import { formatShortDate, isoDate } from "~/features/events/dates";
import type { EntryCount } from "./orders.server";

export type TournamentEntries = {
  tournamentName: string;
  tournamentDate: string | null;
  total: number;
  events: { eventType: string; entries: number; refunded?: number }[];
};

/** Groups per-event counts under their tournament, keeping the query's order. */
export function groupEntries(counts: readonly EntryCount[]): TournamentEntries[] {
  const groups = new Map<string, TournamentEntries>();
  for (const row of counts) {
    const key = `${row.tournamentName}\u0000${row.tournamentDate ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      group = { tournamentName: row.tournamentName, tournamentDate: row.tournamentDate, total: 0, events: [] };
      groups.set(key, group);
    }
    group.events.push({
      eventType: row.eventType,
      entries: row.entries,
      ...(row.refunded ? { refunded: row.refunded } : {}),
    });
    group.total += row.entries;
  }
  return [...groups.values()];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A tournament date is a calendar day ("2026-12-06"), not an instant: it is
 * shown as written, never shifted by a time zone. Other text is shown as is.
 */
export function formatTournamentDate(value: string | null | undefined): string {
  if (!value) return "";
  const match = ISO_DATE.exec(value.trim());
  if (!match) return value;
  return formatShortDate(isoDate(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
