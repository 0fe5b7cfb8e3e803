import { and, asc, eq } from "drizzle-orm";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { getScheduleEvents } from "~/features/events/events.server";
import type { EventRegistration } from "~/features/events/types";
import type { TournamentOffer } from "~/features/tournaments/offer";
import { tournamentOffers } from "~/features/tournaments/settings.server";
import { registerHref } from "../shop-paths";

/** The tournaments of `offers` a family can enter now: they take entries here and their window is open. */
function openOffers(offers: readonly TournamentOffer[]): TournamentOffer[] {
  return offers.filter((offer) => offer.takesEntries && offer.window.state === "open");
}

/** The catalogue's tournament entry fee (the first active one in the shop's order), or null. */
async function entryProductId(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.registrationKind, "tournamentEntry")))
    .orderBy(asc(products.displayOrder), asc(products.name))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The schedule events this site registers for now, by event id (decision 0051): the home page's and /events's cards
 * say "Register" for them and open /fees's entry form on that tournament. Empty when nothing is open or there is no
 * entry fee to sell; a failure reads as empty (the cards keep the sheet's own links), logged.
 */
export async function eventRegistrations(db: Database): Promise<Record<string, EventRegistration>> {
  try {
    const [schedule, productId] = await Promise.all([getScheduleEvents(db), entryProductId(db)]);
    if (!productId) return {};
    const offers = openOffers(await tournamentOffers(db, schedule));
    return Object.fromEntries(
      offers.map((offer) => [offer.id, { href: registerHref(productId, offer.id), closes: offer.closes }]),
    );
  } catch (error) {
    logger.error({ err: error }, "registration links for the schedule could not be loaded");
    return {};
  }
}
