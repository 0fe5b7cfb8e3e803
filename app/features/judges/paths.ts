/** The public judge form (app/routes/public/judge.tsx): `?tournament=<key>` chooses the tournament. */
export const JUDGE_FORM_PATH = "/judge";

/**
 * The judge form with a tournament chosen (the link families and the contact form's answer carry), and the school's
 * pass when the link comes from the school's own registration (decision 0049).
 */
export function judgeFormPath(tournamentKey?: string | null, schoolPass?: string): string {
  if (!tournamentKey) return JUDGE_FORM_PATH;
  const school = schoolPass ? `&school=${encodeURIComponent(schoolPass)}` : "";
  return `${JUDGE_FORM_PATH}?tournament=${encodeURIComponent(tournamentKey)}${school}`;
}

/** A judge's own page, at the unguessable link in the confirmation email. */
export function judgeLinkPath(token: string): string {
  return `${JUDGE_FORM_PATH}/${token}`;
}

/** The value of the form's tournament choice for a volunteer who would judge any tournament. */
export const ANY_TOURNAMENT = "any";
