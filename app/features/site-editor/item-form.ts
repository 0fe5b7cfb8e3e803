import { z } from "~/core/zod";
import {
  qualifierEvents,
  type Specialty,
  specialtyLabels,
  type StateCode,
  usStates,
} from "~/features/content/vocabulary";

/**
 * One coach, school, testimonial or qualifier as a form (Conform + Zod, in the browser and in the
 * action), with a message at each field. The limits are those of the content
 * schema (app/features/content/schemas.ts), which checks the whole section again
 * when the draft is saved.
 */
export const itemLimits = {
  coachName: 80,
  coachRole: 80,
  bio: 3000,
  schoolName: 120,
  city: 80,
  description: 600,
  quote: 400,
  qualifierBio: 1200,
};

const required = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max.toLocaleString("en-US")} characters.`);

const hidden = {
  /** The item's slug (its place in the list, for testimonials and qualifiers); empty for a new one. */
  slug: z.string().max(80).default(""),
  baseVersion: z.coerce.number().int().min(0),
  draftStamp: z.string().max(40).default(""),
};

export const coachFormSchema = z.object({
  intent: z.literal("coach"),
  ...hidden,
  name: required("the coach's name", itemLimits.coachName),
  role: required("the coach's role", itemLimits.coachRole),
  bio: required("a bio", itemLimits.bio),
  specialties: z
    .array(z.enum(Object.keys(specialtyLabels) as [Specialty, ...Specialty[]]), {
      error: "Choose at least one specialty.",
    })
    .min(1, "Choose at least one specialty."),
});

export const schoolFormSchema = z.object({
  intent: z.literal("school"),
  ...hidden,
  name: required("the school's name", itemLimits.schoolName),
  state: z.enum(Object.keys(usStates) as [StateCode, ...StateCode[]], { error: "Choose the state." }),
  city: required("the city", itemLimits.city),
  website: z
    .string({ error: "Enter the school's web address." })
    .trim()
    .pipe(z.url({ protocol: /^https$/, error: "Enter an address starting with https://." })),
  description: required("a short description", itemLimits.description),
  // Decision 0046: the name and state the district's Tabroom has for the school, when they differ (empty: the above).
  tabroomName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][\x20-\x7e]*$/, "Plain letters only (no accents), starting with a letter or digit.")
    .max(itemLimits.schoolName, `At most ${itemLimits.schoolName} characters.`)
    .refine(
      (name) => name.replace(/[A-Za-z0-9 ]/g, "").length <= 4,
      "Tabroom skips a school name with more than four punctuation marks.",
    )
    .optional(),
  tabroomState: z.enum(Object.keys(usStates) as [StateCode, ...StateCode[]]).optional(),
});

// Students are minors: first name and last initial only (the content schema says the same).
const studentName = (what: string) =>
  z
    .string({ error: `Enter the ${what}'s first name and last initial.` })
    .trim()
    .regex(/^[A-Z][\p{L}'-]+ [A-Z]\.$/u, "First name and last initial only, e.g. Maya R.");

export const testimonialFormSchema = z.object({
  intent: z.literal("testimonial"),
  ...hidden,
  quote: required("the quote", itemLimits.quote),
  author: studentName("student"),
  school: required("the school", itemLimits.schoolName),
  classYear: z
    .string({ error: "Enter the class year, e.g. 2027." })
    .trim()
    .regex(/^\d{4}$/, "Enter the class year, e.g. 2027.")
    .transform(Number)
    .pipe(
      z.number().min(2020, "Enter a class year from 2020 to 2040.").max(2040, "Enter a class year from 2020 to 2040."),
    ),
});

export const qualifierFormSchema = z.object({
  intent: z.literal("qualifier"),
  ...hidden,
  name: studentName("qualifier"),
  event: z.enum(qualifierEvents, { error: "Choose the event." }),
  school: required("the school", itemLimits.schoolName),
  bio: required("a bio", itemLimits.qualifierBio),
});

export type CoachFormValues = z.infer<typeof coachFormSchema>;
export type SchoolFormValues = z.infer<typeof schoolFormSchema>;
export type TestimonialFormValues = z.infer<typeof testimonialFormSchema>;
export type QualifierFormValues = z.infer<typeof qualifierFormSchema>;

/** Which section each item form saves into, and its schema. */
export const itemForms = {
  coach: { section: "team", schema: coachFormSchema },
  school: { section: "schools", schema: schoolFormSchema },
  testimonial: { section: "testimonials", schema: testimonialFormSchema },
  qualifier: { section: "nationals", schema: qualifierFormSchema },
} as const;
export type ItemKind = keyof typeof itemForms;

export function itemKindOf(intent: string, section: string): ItemKind | null {
  return Object.hasOwn(itemForms, intent) && itemForms[intent as ItemKind].section === section
    ? (intent as ItemKind)
    : null;
}

/** Removing an item of a list from the draft (its place in the list, as the page showed it). */
export const removeItemSchema = z.object({
  intent: z.literal("remove-item"),
  index: z.coerce.number().int().min(0).max(1000),
  name: z.string().max(200),
  baseVersion: z.coerce.number().int().min(0),
  draftStamp: z.string().max(40).default(""),
});

/** "Dr. Ada Lovelace" → "dr-ada-lovelace": a new item's slug. */
export function slugOf(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "item"
  );
}
