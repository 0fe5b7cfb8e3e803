/** The configured settings a content text may name (app/features/content/schemas.ts). */
export type ContentSettings = { name: string; contactEmail: string; prEmail: string; socialUrl: string };

const names = { siteName: "name", contactEmail: "contactEmail", prEmail: "prEmail", socialUrl: "socialUrl" } as const;

/** "Contact the {siteName}" → "Contact the Citron Online District"; an unknown {name} stays as written. */
export function withSettings(text: string, settings: ContentSettings): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(names, name) ? settings[names[name as keyof typeof names]] : whole,
  );
}

/** Every string of a content document with its settings filled in (for a page's loader: the browser gets text). */
export function fillSettings<T>(document: T, settings: ContentSettings): T {
  if (typeof document === "string") return withSettings(document, settings) as T;
  if (Array.isArray(document)) return document.map((item: unknown) => fillSettings(item, settings)) as T;
  if (document && typeof document === "object")
    return Object.fromEntries(
      Object.entries(document).map(([key, value]) => [key, fillSettings(value, settings)]),
    ) as T;
  return document;
}
