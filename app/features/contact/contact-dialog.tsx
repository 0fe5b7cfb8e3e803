import type * as React from "react";
import { FormDialog } from "~/ui/dialog";
import { ContactForm } from "./contact-form";

/**
 * The contact form in a dialog (docs/product.md: Home, Mission and /contact open it).
 * It closes itself once the message is sent; Cancel closes it untouched.
 */
export function ContactDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened the dialog, focused again when it closes. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      className="max-w-2xl"
      title="Get in Touch"
      description="Tell us who you are and how you would like to take part. We typically reply within 24-48 hours."
    >
      {(cancel) => <ContactForm onSent={() => onOpenChange(false)} cancel={cancel} />}
    </FormDialog>
  );
}
