import { z } from "~/core/zod";
import { type Specialty, specialtyLabels, type StateCode, usStates } from "~/features/content/vocabulary";

/**
 * One coach or one school as a form (Conform + Zod, in the browser and in the
 * action), with a message at each field. The limits are those of the content
 * schema (app/features/content/schemas.ts), which checks the whole section again
 * when the draft is saved.
 */
export const itemLimits = { coachName: 80, coachRole: 80, bio: 3000, schoolName: 120, city: 80, description: 600 };

const required = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max.toLocaleString("en-US")} characters.`);

const hidden = {
  /** The item's slug; empty for a new one. */
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
});

export type CoachFormValues = z.infer<typeof coachFormSchema>;
export type SchoolFormValues = z.infer<typeof schoolFormSchema>;

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
