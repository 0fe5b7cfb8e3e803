/**
 * A tournament's stable identity (decision 0040): its date and its title lower-cased with every run of other
 * characters than a-z and 0-9 made one "-". The sheet's row ids shift when a row is inserted; this does not.
 * The migration that backfilled orders.tournament_key computes the same in SQL:
 * tournament_date || '|' || trim(both '-' from regexp_replace(lower(tournament_name), '[^a-z0-9]+', '-', 'g')).
 */
export function tournamentKey(title: string, date: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${date.trim()}|${slug}`;
}

/** A tournament's day (YYYY-MM-DD, district time) from its key: the one way to read it, wherever an entry is. */
export function tournamentKeyDate(key: string): string {
  return key.split("|")[0] ?? "";
}
