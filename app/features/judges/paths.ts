/** The public judge form (app/routes/public/judge.tsx): `?tournament=<key>` chooses the tournament. */
export const JUDGE_FORM_PATH = "/judge";

/** The judge form with a tournament chosen (the link families and the contact form's answer carry). */
export function judgeFormPath(tournamentKey?: string | null): string {
  return tournamentKey ? `${JUDGE_FORM_PATH}?tournament=${encodeURIComponent(tournamentKey)}` : JUDGE_FORM_PATH;
}

/** A judge's own page, at the unguessable link in the confirmation email. */
export function judgeLinkPath(token: string): string {
  return `${JUDGE_FORM_PATH}/${token}`;
}

/** The value of the form's tournament choice for a volunteer who would judge any tournament. */
export const ANY_TOURNAMENT = "any";
