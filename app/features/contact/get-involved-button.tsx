import type { VariantProps } from "class-variance-authority";
import { Users } from "lucide-react";
import { useRef, useState } from "react";
import type { buttonVariants } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";
import { ContactDialog } from "./contact-dialog";

/**
 * SPEC.md's "Get Involved" buttons (Home, Mission, /contact): they open the
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
        onClick={(event) => {
          // Let "open in new tab" and friends do what the person asked for.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Users aria-hidden="true" />
        {label}
      </LinkButton>
      <ContactDialog open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
    </>
  );
}
