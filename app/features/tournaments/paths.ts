/** The staff tournament pages (app/routes/admin/tournaments.tsx, tournament.tsx). */
export const TOURNAMENTS_PATH = "/admin/tournaments";

/** A tournament's staff page; its key holds "|", so it is encoded. */
export function tournamentPath(key: string, rest = ""): string {
  return `${TOURNAMENTS_PATH}/${encodeURIComponent(key)}${rest}`;
}
