import type { Transaction } from "~/db/client.server";
import type { RegistrationData } from "~/db/registration-data";
import { holdPlaces, type PlaceHolder } from "./places.server";
import { registrationToday, settingsByKey } from "./settings.server";
import { registrationWindow, windowRefusal } from "./window";

/**
 * The shop's checkout, inside its transaction (decision 0040): every tournament line's window is checked again
 * (a cart filled while registration was open cannot be paid after it closed), then the entries' places are held
 * (places.server.ts), within the share one holder may keep unpaid. Returns the refusal, or null.
 */
export async function checkTournamentLines(
  tx: Transaction,
  lines: ReadonlyArray<RegistrationData | null>,
  holder: PlaceHolder,
): Promise<string | null> {
  const tournamentLines = lines.filter(
    (line): line is RegistrationData & { tournamentKey: string; tournament: string; tournamentDate: string } =>
      !!line?.tournamentKey && !!line.tournament && !!line.tournamentDate,
  );
  if (tournamentLines.length === 0) return null;
  const settings = await settingsByKey(tx, [...new Set(tournamentLines.map((line) => line.tournamentKey))]);
  const today = registrationToday();
  for (const line of tournamentLines) {
    const window = registrationWindow(line.tournamentDate, settings.get(line.tournamentKey), today);
    if (window.state !== "open") return windowRefusal(line.tournament, window).replace(/\.$/, "");
  }
  return holdPlaces(
    tx,
    tournamentLines
      .filter((line) => line.studentName && line.competitionEvent)
      .map((line) => ({ key: line.tournamentKey, title: line.tournament, event: line.competitionEvent! })),
    holder,
  );
}
