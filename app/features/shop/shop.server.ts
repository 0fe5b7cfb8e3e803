import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { getScheduleEvents } from "~/features/events/events.server";
import type { ScheduleEvent } from "~/features/events/types";
import { registrationKindOf } from "~/features/products/registration-products";
import { readCartId } from "./cart/cart-cookie.server";
import { loadCart, type CartView } from "./cart/cart-view.server";
import { loadShopProducts } from "./catalogue/products.server";
import { REGISTER_PARAM } from "./shop-paths";
import type { TournamentOffer } from "~/features/tournaments/offer";
import { tournamentOffers } from "~/features/tournaments/settings.server";
import { memberSchools } from "~/features/tournaments/schools.server";

/**
 * Everything /fees shows: the active products, the visitor's cart (when the
 * request has one), the future schedule for the registration dialogs, and the
 * product whose registration form is open without JavaScript (?register=id).
 *
 * Its result is /fees's loader data, which the page cache's fill for a cart visitor decodes and writes again with
 * their cart (fees-fill.server.tsx: it expects `products` and `cart`, null in the cached render).
 */
export async function loadShopPage(request: Request, db: Database) {
  const cartId = await readCartId(request);
  const [products, cart, allSchedule] = await Promise.all([
    loadShopProducts(db),
    cartId ? loadCart(db, cartId).catch(logAndForget) : Promise.resolve(null),
    getScheduleEvents(db).catch((error: unknown): ScheduleEvent[] => {
      logger.error({ err: error }, "schedule for registration could not be loaded");
      return [];
    }),
  ]);
  // Decision 0040: a tournament is offered only inside its registration window, with its events and full ones.
  const offers = await tournamentOffers(db, allSchedule).catch((error: unknown): TournamentOffer[] => {
    logger.error({ err: error }, "tournament settings could not be loaded");
    return [];
  });
  // Decision 0051: a camp, practice or ceremony (or a tournament staff closed) takes no entries.
  const shut = new Set(
    offers.filter((offer) => !offer.takesEntries || offer.window.state !== "open").map((offer) => offer.id),
  );
  const schedule = allSchedule.filter((event) => !shut.has(event.id));
  const registerId = new URL(request.url).searchParams.get(REGISTER_PARAM);
  const registering = registerId
    ? (products.find((product) => product.id === registerId && registrationKindOf(product)) ?? null)
    : null;
  return {
    products,
    cart,
    schedule,
    offers: offers.filter((offer) => !shut.has(offer.id)),
    schools: memberSchools(),
    registering,
  };
}

function logAndForget(error: unknown): CartView | null {
  logger.error({ err: error }, "cart could not be loaded");
  return null;
}
