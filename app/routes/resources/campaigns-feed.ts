import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { campaignFeedResponse } from "~/features/campaigns/feed.server";
import type { Route } from "./+types/campaigns-feed";

/** A campaign's live progress (app/features/campaigns/feed.ts describes its messages). */
export function loader({ request, context }: Route.LoaderArgs) {
  return campaignFeedResponse(request, getDb(context), context.get(requestInfoContext).clientAddress);
}
