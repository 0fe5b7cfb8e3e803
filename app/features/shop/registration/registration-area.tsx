import { useNavigate, useSearchParams } from "react-router";
import type { RegistrationData } from "~/db/registration-data";
import { useHydrated } from "~/ui/use-hydrated";
import type { ScheduleEvent } from "~/features/events/types";
import type { FeedProduct } from "~/features/products/feed/feed";
import { registrationKindOf, type RegistrationKind } from "~/features/products/registration-products";
import { UrlDialog } from "~/ui/url-dialog";
import type { ShopActionData } from "../action-data";
import { RegistrationForm } from "./registration-form";
import { registrationTitles, scheduleFor } from "./registration-rules";
import { entryDefaults } from "./remembered";
import { CART_ANCHOR_PATH } from "~/core/cart-anchor";
import { REGISTER_PARAM, TOURNAMENT_PARAM } from "../shop-paths";
import type { TournamentOffer } from "~/features/tournaments/offer";
import type { MemberSchool } from "~/features/tournaments/schools";

type Registering = { product: FeedProduct; kind: RegistrationKind };

/**
 * The registration form of /fees (?register=<product id>, decision 0032): a card in the page without JavaScript
 * (and when the page was loaded with the parameter), a dialog opened in place by a product's Add to Cart link.
 * Loaded by the page only once a form is open or its link is reached for (Conform, about 10 KB).
 */
export default function RegistrationArea({
  products,
  inPage,
  schedule,
  offers,
  schools,
  actionData,
  cartLines = [],
}: {
  products: FeedProduct[];
  /** The cart's lines: a second student's form starts with the school and tournament of the last entry. */
  cartLines?: ReadonlyArray<{ registration: RegistrationData | null }>;
  offers: TournamentOffer[];
  schools: MemberSchool[];
  /** The product the server rendered the page's form for. */
  inPage: FeedProduct | null;
  schedule: ScheduleEvent[];
  actionData?: ShopActionData;
}) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The cart is filled into a cached page after its HTML (decision 0030): a form rendered in the page's HTML starts
  // without it, so the server's and the browser's first render agree; a form opened later starts with it.
  const hydrated = useHydrated();
  // A judge fee takes only the tournament its link chose; an entry also the cart's last tournament and school.
  const defaultsFor = (kind: RegistrationKind) =>
    entryDefaults(
      hydrated && kind === "tournamentEntry" ? cartLines : [],
      search.get(TOURNAMENT_PARAM),
      scheduleFor(kind, schedule).map((event) => event.id),
    );
  const resolve = (id: string): Registering | null => {
    const product = products.find((candidate) => candidate.id === id) ?? (inPage?.id === id ? inPage : null);
    const kind = product ? registrationKindOf(product) : null;
    return product && kind ? { product, kind } : null;
  };
  return (
    <UrlDialog
      param={REGISTER_PARAM}
      id="register"
      resolve={resolve}
      className="max-w-xl"
      title={({ kind }) => registrationTitles[kind]}
      description={({ product }) => `${product.name}: enter the registration details for this item.`}
    >
      {({ item, close, cancel, mode }) => (
        <RegistrationForm
          key={item.product.id}
          kind={item.kind}
          productId={item.product.id}
          productName={item.product.name}
          schedule={schedule}
          offers={offers}
          schools={schools}
          actionData={mode === "section" ? actionData : undefined}
          defaults={defaultsFor(item.kind)}
          onAdded={mode === "dialog" ? close : () => void navigate(CART_ANCHOR_PATH)}
          cancel={cancel}
        />
      )}
    </UrlDialog>
  );
}
