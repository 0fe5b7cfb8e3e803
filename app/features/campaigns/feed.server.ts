import { eventStream, type SseSink } from "~/core/sse.server";
import { subscribe, type PubSub } from "~/db/pubsub.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { feedLimits, feedSlots, refuseFeed, type FeedLimits } from "~/core/feed-slots.server";
import { CAMPAIGNS_CHANNEL, getCampaign, getCampaignBySlug, progressOf } from "./campaigns.server";
import type { CampaignProgressMessage } from "./feed";

/**
 * Open progress streams of this process, by campaign id. One subscription per
 * process: a change is read from the database once and sent to every page
 * showing that campaign.
 */
const sinks = new Map<string, Set<SseSink>>();
let subscription: Promise<() => void> | null = null;
let subscribeVia: typeof subscribe = subscribe;

/** Tests: route the feed through their own PubSub (their own database). */
export function useCampaignFeedPubSub(pubsub: PubSub) {
  subscribeVia = (channel, listener, options) => pubsub.subscribe(channel, listener, options);
  subscription = null;
}

export async function progressMessage(db: Database, id: string): Promise<CampaignProgressMessage | null> {
  const campaign = await getCampaign(db, id);
  if (!campaign) return null;
  const progress = await progressOf(db, id);
  return { raisedCents: progress.raisedCents, goalCents: campaign.goalCents, donors: progress.donors };
}

async function send(db: Database, id: string) {
  const open = sinks.get(id);
  if (!open || open.size === 0) return;
  try {
    const message = await progressMessage(db, id);
    // A deleted campaign: its pages keep their last figures.
    if (message) for (const sink of open) sink.send("progress", message);
  } catch (error) {
    logger.error({ err: error, campaignId: id }, "campaign feed: reading progress failed");
  }
}

function ensureSubscribed(db: Database) {
  subscription ??= subscribeVia(
    CAMPAIGNS_CHANNEL,
    (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id === "string") void send(db, id);
    },
    // Messages may have been lost while the LISTEN connection was down: every open page gets fresh figures.
    { onResync: () => sinks.forEach((_, id) => void send(db, id)) },
  ).catch((error: unknown) => {
    subscription = null;
    throw error;
  });
  return subscription;
}

const slots = feedSlots();

/**
 * GET /campaigns/feed?campaign=<slug>: the campaign's figures at once, then
 * after every change. Capped like the product feed (the same settings, counted
 * apart): per client address (429) and per process (503); the page still shows
 * the figures it was rendered with.
 */
export async function campaignFeedResponse(
  request: Request,
  db: Database,
  clientAddress = "unknown",
  limits: FeedLimits = feedLimits(),
): Promise<Response> {
  const slug = new URL(request.url).searchParams.get("campaign") ?? "";
  const campaign = await getCampaignBySlug(db, slug);
  if (!campaign) return refuseFeed(404, "No such campaign.");
  const slot = slots.take(clientAddress, limits);
  if (slot === "busy") return refuseFeed(503, "The live campaign feed is busy. Please try again later.");
  if (slot === "address") return refuseFeed(429, "Too many live feeds are open from your network.");
  const { release } = slot;
  return eventStream(
    request,
    async (sink) => {
      try {
        await ensureSubscribed(db);
      } catch (error) {
        release();
        throw error;
      }
      let open = sinks.get(campaign.id);
      if (!open) sinks.set(campaign.id, (open = new Set()));
      open.add(sink);
      // Every (re)connect starts with the current figures: NOTIFY has no replay, and the page may be a cached copy.
      const message = await progressMessage(db, campaign.id);
      if (message) sink.send("progress", message);
      return () => {
        const set = sinks.get(campaign.id);
        set?.delete(sink);
        if (set?.size === 0) sinks.delete(campaign.id);
        release();
      };
    },
    { maxLifetimeMs: limits.lifetimeMs },
  );
}
