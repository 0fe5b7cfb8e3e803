import type * as React from "react";
import type { ScheduleEvent } from "~/features/events/types";
import type { RegistrationKind } from "~/features/products/registration-products";
import { FormDialog } from "~/ui/dialog";
import { RegistrationForm } from "./registration-form";
import { registrationTitles } from "./registration-rules";

/**
 * A registration dialog (docs/product.md#4-states-and-transitions). Loaded on first use. Closing it
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      className="max-w-xl"
      title={registrationTitles[kind]}
      description={`${product.name}: enter the registration details for this item.`}
    >
      {(cancel) => (
        <RegistrationForm
          kind={kind}
          productId={product.id}
          productName={product.name}
          schedule={schedule}
          onAdded={() => onOpenChange(false)}
          cancel={cancel}
        />
      )}
    </FormDialog>
  );
}
