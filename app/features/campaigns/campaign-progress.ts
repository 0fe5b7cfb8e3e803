// A campaign's phase and progress, for its public panel on /donate as well as the admin page: kept apart from the
// form's schema so the public page does not load Zod with them.

/** A campaign's place in time, by New York calendar days (both ends included). */
export type CampaignPhase = "upcoming" | "open" | "ended";

export function campaignPhase(campaign: { startsOn: string; endsOn: string }, today: string): CampaignPhase {
  if (today < campaign.startsOn) return "upcoming";
  if (today > campaign.endsOn) return "ended";
  return "open";
}

/** The share of the goal raised, 0-100, for the bar (the text says the real figures, above 100% too). */
export function progressPercent(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0 || raisedCents <= 0) return 0;
  return Math.min(100, Math.floor((raisedCents / goalCents) * 100));
}
