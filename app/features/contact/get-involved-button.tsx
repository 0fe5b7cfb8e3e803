import type { VariantProps } from "class-variance-authority";
import { Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { buttonVariants } from "~/ui/button";
import { DialogLink, UrlDialog } from "~/ui/url-dialog";

/** The search parameter that opens the contact dialog (decision 0032). */
export const CONTACT_PARAM = "contact";

// The form (Conform, its schema, validation) loads on first use, not with the page:
// it is most of the JavaScript a Home visitor would otherwise download.
const loadForm = () => import("./contact-form");
const ContactForm = lazy(() => loadForm().then((module) => ({ default: module.ContactForm })));

/**
 * SPEC.md's "Get Involved" buttons (Home, Mission, /contact): they open the
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
      preload={() => void loadForm().catch(() => {})}
      data-slot="link-button"
      className={buttonVariants({ variant, size, className })}
    >
      <Users aria-hidden="true" />
      {label}
    </DialogLink>
  );
}

/**
 * The contact form in a dialog, once per page that has Get Involved buttons. It
 * closes itself once the message is sent; Cancel closes it untouched. Without
 * JavaScript this page has no section of its own: the buttons lead to /contact.
 */
export function ContactDialog() {
  return (
    <UrlDialog
      param={CONTACT_PARAM}
      section="none"
      className="max-w-2xl"
      title="Get in Touch"
      description="Tell us who you are and how you would like to take part. We typically reply within 24-48 hours."
    >
      {({ close, cancel }) => (
        <Suspense fallback={null}>
          <ContactForm onSent={close} cancel={cancel} />
        </Suspense>
      )}
    </UrlDialog>
  );
}
