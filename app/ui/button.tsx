import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "./cn";

/** Classes of app/ui/primitives.css: a className given with them always wins. */
export const buttonVariants = cva("ui-button", {
  variants: {
    variant: {
      default: "ui-button-default",
      accent: "ui-button-accent",
      outline: "ui-button-outline",
      secondary: "ui-button-secondary",
      ghost: "ui-button-ghost",
      destructive: "ui-button-destructive",
      link: "ui-button-link",
    },
    size: {
      default: "ui-button-md",
      sm: "ui-button-sm",
      lg: "ui-button-lg",
      icon: "ui-button-icon",
      "icon-sm": "ui-button-icon-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * A <button>. A link that looks like one is a LinkButton, or an <a> with
 * buttonVariants(): no Slot (asChild) here, so Radix's Slot stays out of every
 * page's JavaScript (decision 0018).
 */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
