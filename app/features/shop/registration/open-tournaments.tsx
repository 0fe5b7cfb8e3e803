import { ClipboardPen, Gavel, ListChecks } from "lucide-react";
import { Link } from "react-router";
import { formatLongDate } from "~/features/events/dates";
import type { TournamentOffer } from "~/features/tournaments/offer";
import { LinkButton } from "~/ui/link-button";
import { registerHref } from "../shop-paths";
import { NO_TOURNAMENTS_MESSAGE } from "./registration-rules";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900";

/**
 * The top of /fees (decision 0051): the tournaments open for registration now, each with its date, last day and
 * events, a Register that opens this site's entry form on it and the judge form for it; then where a family that
 * already registered sees or changes its entries. The shop follows.
 */
export function OpenTournaments({
  offers,
  entryProductId,
  judgeHref,
  entriesHref,
}: {
  /** The tournaments taking entries now (loadShopPage's offers). */
  offers: readonly TournamentOffer[];
  /** The catalogue's tournament entry fee; null: none is sold, so no Register. */
  entryProductId: string | null;
  /** The judge form, with a tournament chosen. */
  judgeHref: (tournamentKey: string) => string;
  /** "See or change your entries": the form that sends a family its link again. */
  entriesHref: string;
}) {
  return (
    <section aria-labelledby="open-tournaments-title" className="grid gap-4" data-testid="open-tournaments">
      <h2 id="open-tournaments-title" className="text-2xl font-bold tracking-tight text-navy-900">
        Open for registration
      </h2>
      {offers.length === 0 || !entryProductId ? (
        <p className="text-stone-700">
          {NO_TOURNAMENTS_MESSAGE}{" "}
          <Link to="/events" className="font-medium text-navy-800 underline underline-offset-2">
            See the Event Schedule
          </Link>{" "}
          for what is coming.
        </p>
      ) : (
        <ul className="grid gap-3">
          {offers.map((offer) => (
            <li
              key={offer.id}
              data-testid="open-tournament"
              className="grid gap-2 rounded-card border border-border bg-card p-4 shadow-xs sm:p-5"
            >
              <p className="text-lg font-bold text-navy-900">{offer.title}</p>
              <p className="text-sm text-stone-700">
                <time dateTime={offer.date}>{formatLongDate(offer.date)}</time>. {offer.closes} (the last day).
              </p>
              <p className="text-sm text-stone-700">
                <span className="font-semibold">Events:</span> {offer.events.join(", ")}.
              </p>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <LinkButton
                  to={registerHref(entryProductId, offer.id)}
                  variant="accent"
                  aria-label={`Register for ${offer.title}`}
                >
                  <ClipboardPen aria-hidden="true" />
                  Register
                </LinkButton>
                <Link
                  to={judgeHref(offer.key)}
                  className={linkClass}
                  aria-label={`Judge at this tournament: ${offer.title}`}
                >
                  <Gavel aria-hidden="true" className="size-4" />
                  Judge at this tournament
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-stone-700">
        Already registered?{" "}
        <Link to={entriesHref} className={linkClass}>
          <ListChecks aria-hidden="true" className="size-4" />
          See or change your entries
        </Link>
      </p>
    </section>
  );
}
