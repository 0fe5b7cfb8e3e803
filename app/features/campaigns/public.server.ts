import type { Database } from "~/db/client.server";
import type { Campaign } from "~/db/schema";
import { formatShortDate, todayInNewYork } from "~/features/events/dates";
import { productImageSources } from "~/features/products/images/product-image";
import { campaignPhase } from "./campaign-progress";
import type { PublicCampaign } from "./campaign-panel";
import { activeCampaign, getCampaignBySlug, progressOf } from "./campaigns.server";

async function toPublic(db: Database, campaign: Campaign, today: string): Promise<PublicCampaign> {
  const progress = await progressOf(db, campaign.id);
  return {
    slug: campaign.slug,
    name: campaign.name,
    story: campaign.story,
    image: campaign.imageUrl ? productImageSources(campaign.imageUrl) : null,
    goalCents: campaign.goalCents,
    ...progress,
    phase: campaignPhase(campaign, today),
    startsOn: formatShortDate(campaign.startsOn),
    endsOn: formatShortDate(campaign.endsOn),
  };
}

/**
 * The campaign /donate shows: the one its `campaign` parameter names (in any
 * phase, so a link in an old email still shows how the drive ended), else the
 * active one. Its slug goes into the form only while it is open.
 */
export async function campaignForDonatePage(
  db: Database,
  params: URLSearchParams,
  now = new Date(),
): Promise<PublicCampaign | null> {
  const today = todayInNewYork(now);
  const slug = (params.get("campaign") ?? "").trim().toLowerCase();
  const named = slug ? await getCampaignBySlug(db, slug) : null;
  const campaign = named ?? (await activeCampaign(db, today));
  return campaign ? toPublic(db, campaign, today) : null;
}
