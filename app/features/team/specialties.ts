import { type Specialty, specialtyLabels } from "~/features/content/vocabulary";

/** Events the guide has no page for: their chips are plain labels (docs/product.md: Policy Debate has no link). */
const unlinked = new Set<Specialty>(["policy-debate"]);

/** A coach's specialty as a chip: its label and, when the guide covers it, /guide?event=slug. */
export function specialtyChip(slug: Specialty): { label: string; href: string | null } {
  return {
    label: specialtyLabels[slug],
    href: unlinked.has(slug) ? null : `/guide?event=${encodeURIComponent(slug)}`,
  };
}

/** Initials for an avatar: the first letters of the first and last names, skipping titles. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\b(?:Dr|Rabbi|Mr|Mrs|Ms|Prof)\.?\s+/g, "")
    .split(/[\s-]+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
