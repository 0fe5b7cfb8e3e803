import { z } from "~/core/zod";

/**
 * Longest text the editor accepts (the largest file, schools.yaml, is about 10,000 characters); the server says the
 * same, and bounds the YAML's structure too (SECTION_YAML_LIMITS in app/features/content/parse-content.ts).
 */
export const MAX_SOURCE_CHARS = 40_000;

/**
 * The section editor's form (Conform + Zod, checked in the browser and again
 * on the server): the section as YAML text, and the live version and draft it
 * was opened on, so a save over someone else's change is refused.
 */
export const editorSchema = z.object({
  intent: z.literal("save"),
  source: z
    .string({ error: "Enter the section's text." })
    .trim()
    .min(1, "Enter the section's text.")
    .max(MAX_SOURCE_CHARS, `At most ${MAX_SOURCE_CHARS.toLocaleString("en-US")} characters.`),
  baseVersion: z.coerce.number().int().min(0),
  draftStamp: z.string().max(40).default(""),
});

/** The other buttons of the section page (publish, discard, move, restore): hidden fields only. */
export const sectionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), draftStamp: z.string().min(1).max(40) }),
  z.object({ intent: z.literal("discard") }),
  z.object({
    intent: z.literal("move"),
    index: z.coerce.number().int().min(0).max(1000),
    direction: z.enum(["up", "down"]),
    baseVersion: z.coerce.number().int().min(0),
    draftStamp: z.string().max(40).default(""),
  }),
  z.object({
    intent: z.literal("restore"),
    version: z.coerce.number().int().min(1),
    liveVersion: z.coerce.number().int().min(0),
  }),
]);

/** Longest alt text of an uploaded picture (the schema of content/ says the same). */
export const MAX_ALT_CHARS = 200;

/**
 * A picture for a coach or a school (team and schools sections): the file goes
 * through the product image pipeline, and the draft gets its address and alt text.
 */
export const imageFormSchema = z.object({
  intent: z.literal("image"),
  target: z.string({ error: "Choose whose picture this is." }).trim().min(1, "Choose whose picture this is.").max(120),
  alt: z
    .string({ error: "Describe the picture for someone who cannot see it." })
    .trim()
    .min(1, "Describe the picture for someone who cannot see it.")
    .max(MAX_ALT_CHARS, `At most ${MAX_ALT_CHARS} characters.`),
  baseVersion: z.coerce.number().int().min(0),
  draftStamp: z.string().max(40).default(""),
});
