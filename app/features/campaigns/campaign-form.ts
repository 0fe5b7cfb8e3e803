import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";

/** Limits of the campaign form; the database keeps what passed them. */
export const campaignLimits = { name: 120, slug: 60, story: 2000 } as const;
/** A sanity ceiling for a goal: $10,000,000. */
export const MAX_GOAL_CENTS = 1_000_000_000;

export const campaignMessages = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${campaignLimits.name} characters`,
  slug: "Use lowercase letters, digits and single hyphens, like spring-drive",
  slugTooLong: `The address must be at most ${campaignLimits.slug} characters`,
  slugTaken: "Another campaign already uses this address",
  goal: "Enter a goal in dollars, like 5000",
  goalPositive: "The goal must be more than $0",
  goalDecimals: "The goal can have at most two decimal places",
  goalMax: "The goal must be at most $10,000,000",
  startsOn: "Enter the first day of the campaign",
  endsOn: "Enter the last day of the campaign",
  endBeforeStart: "The last day cannot be before the first day",
  story: "Tell donors what the campaign is for",
  storyTooLong: `The story must be at most ${campaignLimits.story} characters`,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 2000 &&
    year <= 2999
  );
}

/** The address made from a name when staff leave it empty: "Spring Drive 2027!" -> "spring-drive-2027". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, campaignLimits.slug)
    .replace(/-+$/, "");
}

/** Dollars as typed ("5000", "2,500.50", "$100") to integer cents, or the message saying what is wrong. */
export function parseGoalCents(text: string | undefined): { cents: number } | { error: string } {
  const cleaned = (text ?? "").trim().replace(/^\$/, "").replace(/,/g, "");
  if (cleaned === "") return { error: campaignMessages.goal };
  if (!/^\d+(\.\d+)?$/.test(cleaned))
    return { error: cleaned.startsWith("-") ? campaignMessages.goalPositive : campaignMessages.goal };
  const [whole, fraction = ""] = cleaned.split(".") as [string, string?];
  if (fraction.length > 2) return { error: campaignMessages.goalDecimals };
  if (whole.replace(/^0+/, "").length > 8) return { error: campaignMessages.goalMax };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents <= 0) return { error: campaignMessages.goalPositive };
  if (cents > MAX_GOAL_CENTS) return { error: campaignMessages.goalMax };
  return { cents };
}

// Control characters other than line breaks and tabs have no place in a name or a story.
// oxlint-disable-next-line no-control-regex -- stripping control characters is the point
const stripControls = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");

/**
 * The campaign form, one schema for the browser's messages and the action's
 * check. The goal arrives in dollars as typed and leaves as cents; an empty
 * address is made from the name.
 */
export const campaignSchema = z
  .object({
    name: z
      .string({ error: campaignMessages.name })
      .transform(stripControls)
      .pipe(
        singleLine(
          z.string().trim().min(1, campaignMessages.name).max(campaignLimits.name, campaignMessages.nameTooLong),
          "Name",
        ),
      ),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(campaignLimits.slug, campaignMessages.slugTooLong)
      .regex(SLUG, campaignMessages.slug)
      .optional(),
    goal: z.string({ error: campaignMessages.goal }).transform((raw, ctx) => {
      const parsed = parseGoalCents(raw);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.cents;
    }),
    startsOn: z.string({ error: campaignMessages.startsOn }).trim().refine(isCalendarDay, campaignMessages.startsOn),
    endsOn: z.string({ error: campaignMessages.endsOn }).trim().refine(isCalendarDay, campaignMessages.endsOn),
    story: z
      .string({ error: campaignMessages.story })
      .transform((value) => stripControls(value).replace(/\r\n?/g, "\n"))
      .pipe(z.string().trim().min(1, campaignMessages.story).max(campaignLimits.story, campaignMessages.storyTooLong)),
    removeImage: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.endsOn < value.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: campaignMessages.endBeforeStart });
  })
  .transform((value, ctx) => {
    const slug = value.slug ?? slugFromName(value.name);
    if (!slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: campaignMessages.slug });
      return z.NEVER;
    }
    return { ...value, slug };
  });
