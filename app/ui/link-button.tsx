import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/** A link that looks like a button: navigation, not an action. */
export function LinkButton({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<typeof Link> & VariantProps<typeof buttonVariants>) {
  return <Link data-slot="link-button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
