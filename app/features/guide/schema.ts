import { z } from "~/core/zod";
import { toEmbedUrl } from "./video";

/**
 * One Competition Guide entry (docs/product.md#3-entities-and-their-fields, "Guide entry"), as written
 * in content/guide/<id>.yaml. Objects are strict so a misspelt key in a
 * content file fails the tests instead of silently disappearing.
 */

export const guideCategories = ["Congress", "Debate", "Speech"] as const;
export type GuideCategory = (typeof guideCategories)[number];

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lowercase words joined by hyphens");

const resource = z.strictObject({ title: text, url: z.url({ protocol: /^https?$/ }) });

const concept = z.strictObject({ name: text, description: text });

const scheduleRow = z.strictObject({
  speech: text,
  /** As shown in the Time Limit column, e.g. "6 min" or "1 min prep". */
  time: text,
  purpose: text,
});

const timing = z.strictObject({
  /** The format overview: who speaks, how long the round runs. */
  format: text,
  prep_time: text.optional(),
  grace_period: text.optional(),
  schedule: z.array(scheduleRow).optional(),
});

const procedure = z.strictObject({ title: text, content: text });

/**
 * A video of the Videos tab. A recording (the district's own, on YouTube,
 * Vimeo or Google Drive) is embedded as a player. A placeholder stands in
 * until the district has a recording: a page that is sure to exist (a search
 * on the video site, the NSDA's page for the event), shown as a link and never
 * as a player, so a made-up video id can never reach a visitor.
 */
const video = z
  .strictObject({
    title: text,
    url: z.url({ protocol: /^https$/ }),
    /** true: the district should replace this entry with its own recording. */
    placeholder: z.boolean().default(false),
  })
  .superRefine((entry, context) => {
    const embeddable = toEmbedUrl(entry.url) !== null;
    if (!entry.placeholder && !embeddable) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: "must be a YouTube, Vimeo or Google Drive file link (or mark the entry placeholder: true)",
      });
    }
    if (entry.placeholder && embeddable) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message:
          "a placeholder must link to a page (such as a search), not to a video: only checked recordings are embedded",
      });
    }
  });

export const guideEntrySchema = z.strictObject({
  id: slug,
  name: text,
  abbreviation: text.optional(),
  category: z.enum(guideCategories),
  /** Other slugs that open this event, e.g. the team page's "extemporaneous-speaking". */
  aliases: z.array(slug).default([]),
  description: text,
  /** Coach names, linked to the team page. */
  coaches: z.array(text).default([]),
  about: z.strictObject({
    content: text,
    current_topic: text.optional(),
    topics: z.array(text).optional(),
    structure: z.array(text).optional(),
    timing: timing.optional(),
    points_of_information: text.optional(),
    key_concepts: z.array(concept).optional(),
    key_features: z.array(text).optional(),
    skills_developed: z.array(text).optional(),
    required_content: z.array(text).optional(),
    performance_tips: z.array(text).optional(),
    /** Congressional Debate's help text on parliamentary procedure. */
    procedures: z.array(procedure).optional(),
  }),
  judges: z.strictObject({
    content: text,
    criteria: z.array(text).min(1),
    scoring: text,
    guidelines: z.array(text).min(1),
    resources: z.array(resource).default([]),
  }),
  advanced: z.strictObject({
    content: text,
    concepts: z.array(concept).min(1),
    preparation_tips: z.array(text).min(1),
    resources: z.array(resource).default([]),
  }),
  videos: z.array(video).default([]),
});

export type GuideEntry = z.infer<typeof guideEntrySchema>;
export type GuideResource = z.infer<typeof resource>;
export type GuideConcept = z.infer<typeof concept>;
export type ScheduleRow = z.infer<typeof scheduleRow>;

/** An entry as the page receives it: aliases dropped, each recording with its player address (null: a link). */
export type GuideEventView = Omit<GuideEntry, "aliases" | "videos"> & {
  videos: GuideVideoView[];
};

export type GuideVideoView = { title: string; url: string; embedUrl: string | null; placeholder: boolean };

/** Only a checked recording becomes a player; a placeholder is always a plain link. */
export function toVideoView(video: GuideEntry["videos"][number]): GuideVideoView {
  return {
    title: video.title,
    url: video.url,
    placeholder: video.placeholder,
    embedUrl: video.placeholder ? null : toEmbedUrl(video.url),
  };
}
