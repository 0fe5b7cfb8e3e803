/** A hidden field the cart forms carry only once JavaScript runs: answer with data, not a redirect. */
export const JS_FIELD = "js";

/** The query parameter that shows a registration form in the page (no JavaScript). */
export const REGISTER_PARAM = "register";

/**
 * /fees's route id: React Router's id of app/routes/public/fees.tsx (its file without the extension). A cart
 * visitor's /fees from the page cache writes their cart under this key (fees-fill.server.tsx); moving or renaming the
 * route file changes it, and fees-fill.server.test.tsx fails.
 */
export const FEES_ROUTE_ID = "routes/public/fees";

/** The query parameter that chooses the tournament of an opened entry form (decision 0051). */
export const TOURNAMENT_PARAM = "tournament";

/** This site's registration for one schedule event: /fees with the entry form open on that tournament. */
export function registerHref(productId: string, eventId: string): string {
  const search = new URLSearchParams({ [REGISTER_PARAM]: productId, [TOURNAMENT_PARAM]: eventId });
  return `/fees?${search.toString()}#register`;
}
