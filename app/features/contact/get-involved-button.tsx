import type { VariantProps } from "class-variance-authority";
import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/ui/button";
import { DialogLink } from "~/ui/dialog-link";
import { useHydrated } from "~/ui/use-hydrated";
import { CONTACT_PARAM } from "./contact-rules";

export { CONTACT_PARAM };

// The dialog (UrlDialog, the form, its schema and validation) loads on first use, not with the page:
// it is most of the JavaScript a Home visitor would otherwise download.
const loadDialog = () => import("./contact-dialog");
const LazyContactDialog = lazy(loadDialog);

/**
 * docs/product.md's "Get Involved" buttons (Home, Mission, /contact): they open the
 * contact form in a dialog (?contact=1, shown by the page's <ContactDialog />).
 * Before the page's JavaScript runs (or without it) they are links to the
 * plain form on /contact.
 */
export function GetInvolvedButton({
  label = "Get Involved",
  variant = "accent",
  size = "lg",
  className,
}: { label?: string; className?: string } & VariantProps<typeof buttonVariants>) {
  return (
    <DialogLink
      param={CONTACT_PARAM}
      href="/contact#contact-form"
      preload={() => void loadDialog().catch(() => {})}
      data-slot="link-button"
      className={buttonVariants({ variant, size, className })}
    >
      <Users aria-hidden="true" />
      {label}
    </DialogLink>
  );
}

/** The page's one contact dialog (beside its Get Involved buttons): its code loads once ?contact is set. */
export function ContactDialog() {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const [wanted, setWanted] = useState(false);
  if (hydrated && !wanted && new URLSearchParams(search).has(CONTACT_PARAM)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyContactDialog />
    </Suspense>
  );
}
