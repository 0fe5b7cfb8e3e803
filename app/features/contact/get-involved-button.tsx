import { Users } from "lucide-react";
import type { VariantProps } from "class-variance-authority";
import type { buttonVariants } from "~/ui/button";
import { LinkButton } from "~/ui/link-button";

/**
 * SPEC.md's "Get Involved" buttons (Home, Mission, /contact): they open the
 * contact form. Without JavaScript they lead to the form on /contact.
 */
export function GetInvolvedButton({
  label = "Get Involved",
  variant = "accent",
  size = "lg",
  className,
}: { label?: string; className?: string } & VariantProps<typeof buttonVariants>) {
  return (
    <LinkButton to="/contact#contact-form" variant={variant} size={size} className={className}>
      <Users aria-hidden="true" />
      {label}
    </LinkButton>
  );
}
