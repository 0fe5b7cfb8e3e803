import type { VariantProps } from "class-variance-authority";
import { Users } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import type { buttonVariants } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";

// The dialog (form, schema, validation) loads on first use, not with the page:
// it is most of the JavaScript a Home visitor would otherwise download.
const loadDialog = () => import("./contact-dialog");
const ContactDialog = lazy(() => loadDialog().then((module) => ({ default: module.ContactDialog })));

/**
 * docs/product.md's "Get Involved" buttons (Home, Mission, /contact): they open the
 * contact form in a dialog. Before the page's JavaScript runs (or without
 * it) they are links to the plain form on /contact.
 */
export function GetInvolvedButton({
  label = "Get Involved",
  variant = "accent",
  size = "lg",
  className,
}: { label?: string; className?: string } & VariantProps<typeof buttonVariants>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <LinkButton
        ref={trigger}
        to="/contact#contact-form"
        aria-haspopup="dialog"
        variant={variant}
        size={size}
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(event) => {
          // Let "open in new tab" and friends do what the person asked for.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        <Users aria-hidden="true" />
        {label}
      </LinkButton>
      {wanted ? (
        <Suspense fallback={null}>
          <ContactDialog open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
