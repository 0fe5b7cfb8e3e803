import type * as React from "react";
import type { ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { RegistrationForm } from "./registration-form";
import { registrationTitles } from "./registration-rules";

/**
 * A registration dialog (SPEC.md section 4). Loaded on first use. Closing it
 * (Cancel, Escape, after a successful add) unmounts the form, which resets it.
 */
export function RegistrationDialog({
  kind,
  product,
  schedule,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  kind: RegistrationKind;
  product: { id: string; name: string };
  schedule: ScheduleEvent[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-2xl">{registrationTitles[kind]}</DialogTitle>
          <DialogDescription>{product.name}: enter the registration details for this item.</DialogDescription>
        </DialogHeader>
        <RegistrationForm
          kind={kind}
          productId={product.id}
          productName={product.name}
          schedule={schedule}
          onAdded={() => onOpenChange(false)}
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
