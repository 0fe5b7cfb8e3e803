import type * as React from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "./alert-dialog";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";

/**
 * The Radix part of a URL dialog (app/ui/url-dialog.tsx), loaded the first time a dialog opens or its opener is
 * reached for: Radix Dialog is about 12 KB on the wire that no page needs to show itself.
 * `alert` is the confirmation flavour (a deletion): no close button, Escape and Cancel answer "no".
 */
export default function DialogFrame({
  open,
  onOpenChange,
  alert,
  title,
  description,
  className,
  opener,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  alert?: boolean;
  title: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
  /** The control that opened the dialog: focus goes back to it on close. */
  opener: () => HTMLElement | null | undefined;
  children: (cancel: React.ReactNode) => React.ReactNode;
}) {
  const onCloseAutoFocus = (event: Event) => {
    const element = opener();
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
  if (alert) {
    const cancel = <AlertDialogCancel>Cancel</AlertDialogCancel>;
    return (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
          {children(cancel)}
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  const cancel = (
    <DialogClose asChild>
      <Button type="button" variant="outline" size="lg">
        Cancel
      </Button>
    </DialogClose>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="text-2xl">{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children(cancel)}
      </DialogContent>
    </Dialog>
  );
}
