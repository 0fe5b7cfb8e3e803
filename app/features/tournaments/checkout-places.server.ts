import type { Transaction } from "~/db/client.server";
import type { RegistrationData } from "~/db/registration-data";
import { holdPlaces, type PlaceHolder } from "./places.server";
import { offeredEvents, registrationToday, settingsByKey } from "./settings.server";
import { entriesRefusedByChoice } from "./competition-events";
import { noEntriesMessage, notOfferedMessage, registrationWindow, windowRefusal } from "./window";

type TournamentLine = RegistrationData & { tournamentKey: string; tournament: string; tournamentDate: string };

const tournamentLinesOf = (lines: ReadonlyArray<RegistrationData | null>) =>
  lines.filter((line): line is TournamentLine => !!line?.tournamentKey && !!line.tournament && !!line.tournamentDate);

/**
 * Why the tournament lines among `lines` cannot be paid now, or null: a tournament that takes no entries here
 * (decision 0051), outside its registration window,
 * or an entry in an event staff no longer offer there (decision 0040). Holds nothing: the shop asks it before an
 * open checkout is offered again (decision 0044), and checkTournamentLines before it holds places.
 */
export async function tournamentLinesRefusal(
  tx: Transaction,
  lines: ReadonlyArray<RegistrationData | null>,
): Promise<string | null> {
  const tournamentLines = tournamentLinesOf(lines);
  if (tournamentLines.length === 0) return null;
  const settings = await settingsByKey(tx, [...new Set(tournamentLines.map((line) => line.tournamentKey))]);
  const today = registrationToday();
  for (const line of tournamentLines) {
    const row = settings.get(line.tournamentKey);
    if (entriesRefusedByChoice(row?.registrationOpen, line.tournament))
      return noEntriesMessage(line.tournament).replace(/\.$/, "");
    const window = registrationWindow(line.tournamentDate, row, today);
    if (window.state !== "open") return windowRefusal(line.tournament, window).replace(/\.$/, "");
    if (line.competitionEvent && !offeredEvents(row).includes(line.competitionEvent))
      return notOfferedMessage(line.tournament, line.competitionEvent).replace(/\.$/, "");
  }
  return null;
}

/**
 * The shop's checkout, inside its transaction (decision 0040): every tournament line's window and event are checked
 * again (a cart filled while registration was open, or before staff withdrew an event, cannot be paid after), then
 * the entries' places are held (places.server.ts), within the share one holder may keep unpaid. Returns the
 * refusal, or null.
 */
export async function checkTournamentLines(
  tx: Transaction,
  lines: ReadonlyArray<RegistrationData | null>,
  holder: PlaceHolder,
): Promise<string | null> {
  const refusal = await tournamentLinesRefusal(tx, lines);
  if (refusal) return refusal;
  const tournamentLines = tournamentLinesOf(lines);
  return holdPlaces(
    tx,
    tournamentLines
      .filter((line) => line.studentName && line.competitionEvent)
      .map((line) => ({ key: line.tournamentKey, title: line.tournament, event: line.competitionEvent! })),
    holder,
  );
}
