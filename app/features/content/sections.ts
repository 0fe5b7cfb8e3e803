import type { z } from "~/core/zod";
import { publicPages } from "~/core/public-pages";
import {
  contactFileSchema,
  dressCodeFileSchema,
  footerFileSchema,
  homeFileSchema,
  missionFileSchema,
  nationalsFileSchema,
  schoolsFileSchema,
  teamFileSchema,
  testimonialsFileSchema,
} from "./schemas";

/**
 * The district's content, one section per file of content/ (the Competition
 * Guide stays in content/guide/, decision 0039). Staff edit a section as a
 * whole (app/features/site-editor); each is checked by its file's schema, and
 * a publish drops exactly `pages` from the page cache.
 */
export const contentSections = {
  team: { file: "team.yaml", label: "Team (coaches and boards)", schema: teamFileSchema, pages: ["/about"] },
  schools: { file: "schools.yaml", label: "Member schools", schema: schoolsFileSchema, pages: ["/schools"] },
  nationals: {
    file: "nationals.yaml",
    label: "Nationals qualifiers",
    schema: nationalsFileSchema,
    pages: ["/2025-nationals-team"],
  },
  testimonials: {
    file: "testimonials.yaml",
    label: "Testimonials (home page)",
    schema: testimonialsFileSchema,
    pages: ["/"],
  },
  mission: {
    file: "mission.yaml",
    label: "Mission and vision (mission and home pages)",
    schema: missionFileSchema,
    pages: ["/mission", "/"],
  },
  "dress-code": { file: "dress-code.yaml", label: "Dress code", schema: dressCodeFileSchema, pages: ["/dress-code"] },
  home: { file: "home.yaml", label: "Home page texts", schema: homeFileSchema, pages: ["/"] },
  contact: { file: "contact.yaml", label: "Contact page texts", schema: contactFileSchema, pages: ["/contact"] },
  // The footer is on every public page: a publish drops them all (the preview shows it on the home page).
  footer: {
    file: "footer.yaml",
    label: "Footer links",
    schema: footerFileSchema,
    pages: publicPages.map((page) => page.path),
    preview: ["/"],
  },
} as const satisfies Record<
  string,
  { file: string; label: string; schema: z.ZodType; pages: readonly string[]; preview?: readonly string[] }
>;

export type SectionKey = keyof typeof contentSections;
export type SectionDocument<K extends SectionKey> = z.infer<(typeof contentSections)[K]["schema"]>;

export const sectionKeys = Object.keys(contentSections) as SectionKey[];

export function isSectionKey(value: unknown): value is SectionKey {
  return typeof value === "string" && Object.hasOwn(contentSections, value);
}

/** The pages the editor offers to preview a section's draft on (its pages, unless it names fewer). */
export function previewPages(key: SectionKey): readonly string[] {
  const section: { pages: readonly string[]; preview?: readonly string[] } = contentSections[key];
  return section.preview ?? section.pages;
}
