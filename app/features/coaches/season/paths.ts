/** A coach's page of one tournament (decision 0054). */
export const tournamentPath = (key: string) => `/coach/tournaments/${encodeURIComponent(key)}`;

/** The school's entries of one tournament as CSV. */
export const tournamentCsvPath = (key: string) => `${tournamentPath(key)}/entries.csv`;
