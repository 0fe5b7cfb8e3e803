/** The live progress of one campaign: GET /campaigns/feed?campaign=<slug>, Server-Sent Events. */
export const CAMPAIGN_FEED_PATH = "/campaigns/feed";

/** `event: progress`, sent on connect and after every change of the campaign's gifts or goal. */
export type CampaignProgressMessage = { raisedCents: number; goalCents: number; donors: number };
