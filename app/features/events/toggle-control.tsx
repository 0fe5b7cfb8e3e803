import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A control that changes the widget's state. Before JavaScript runs it is a
 * link to the URL of the new state (the server renders it); once hydrated it
 * is a toggle button that changes the state at once.
 */
export function ToggleControl({
  href,
  pressed,
  onToggle,
  className,
  children,
  ...rest
}: {
  href: string;
  pressed?: boolean;
  onToggle: () => void;
  className?: string;
  children: React.ReactNode;
  "aria-label"?: string;
  "data-testid"?: string;
}) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        onClick={onToggle}
        className={cn("cursor-pointer", className)}
        {...rest}
      >
        {children}
      </button>
    );
  }
  return (
    <Link to={href} preventScrollReset aria-current={pressed ? "true" : undefined} className={className} {...rest}>
      {children}
    </Link>
  );
}
