import { requestInfoContext } from "~/core/request-context";
import { getDb } from "~/db/context";
import { productFeedResponse } from "~/features/products/feed/feed.server";
import type { Route } from "./+types/products-feed";

/** The live product feed (app/features/products/feed/feed.ts describes its messages). */
export function loader({ request, context }: Route.LoaderArgs) {
  return productFeedResponse(request, getDb(context), context.get(requestInfoContext).clientAddress);
}
