import type * as React from "react";
import { buttonVariants } from "~/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/ui/dialog";

/** Complete Your Donation as a dialog: the gift's summary, Cancel and Proceed to Payment (loaded on use). */
export default function CompleteDonationDialog({
  title,
  open,
  onOpenChange,
  proceed,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  proceed: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Check your gift, then pay on the secure payment page.</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose className={buttonVariants({ variant: "outline", size: "lg" })}>Cancel</DialogClose>
          {proceed}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
