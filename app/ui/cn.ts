import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names. Nothing is merged in the browser: a primitive's own look
 * lives in Tailwind's components layer (app/ui/primitives.css), so a utility
 * passed to it wins by the cascade. Two utilities for one property on one
 * element (`px-3 px-4`) would be decided by the stylesheet's order, not by the
 * code's: in development and tests, tailwind-merge (not shipped; decision 0018)
 * finds them and says so.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) reportConflicts(classes);
  return classes;
}

function reportConflicts(classes: string) {
  const merged = new Set(twMerge(classes).split(" "));
  const overridden = classes.split(/\s+/).filter((name) => name && !merged.has(name));
  if (overridden.length === 0) return;
  const message = `cn(): "${overridden.join(" ")}" conflict with later classes in "${classes}"`;
  if (import.meta.env.MODE === "test") throw new Error(message);
  console.error(message);
}
