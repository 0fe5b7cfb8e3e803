import type * as React from "react";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { ContactForm } from "./contact-form";

/**
 * The contact form in a dialog (SPEC.md: Home, Mission and /contact open it).
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-2xl">Get in Touch</DialogTitle>
          <DialogDescription>
            Tell us who you are and how you would like to take part. We typically reply within 24-48
            hours.
          </DialogDescription>
        </DialogHeader>
        <ContactForm
          onSent={() => onOpenChange(false)}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
