import { isSitePath } from "~/core/safe-redirect";
import { z } from "~/core/zod";
import { missionIcons, qualifierEvents, type Specialty, specialtyLabels, type StateCode, usStates } from "./vocabulary";

export { missionIcons, qualifierEvents, specialtyLabels, usStates };
export type { Specialty };

/**
 * Zod schemas for the district's editable content in content/*.yaml. The
 * tests parse every file with these, so a typo in a bio fails CI with the
 * file and field named, not the site at run time.
 */

const text = z.string().trim().min(1);
const sentence = text.max(600);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "use lowercase words joined by hyphens");
const localImage = z.string().regex(/^\/images\/[\w/.-]+\.(svg|webp|avif|png|jpg)$/, "a file under public/images/");

/** An image staff uploaded: re-encoded by the product image pipeline and served from /product-images/ (decision 0039). */
const storedImage = z.string().regex(/^\/product-images\/[a-f0-9]{16,64}-\d+\.webp$/, "an uploaded image");
/** Describes the picture for someone who cannot see it; required with every uploaded image. */
const altText = text.max(200);

/** A school's name in Tabroom's import file (decision 0046): what its importer reads and keeps. */
export const tabroomSchoolName = text
  .max(120)
  .regex(/^[A-Za-z0-9][\x20-\x7e]*$/, "plain letters (ASCII), starting with a letter or digit")
  .refine((name) => name.replace(/[A-Za-z0-9 ]/g, "").length <= 4, "at most four punctuation marks");

const stateCode = z.enum(Object.keys(usStates) as [StateCode, ...StateCode[]]);

export const schoolSchema = z.strictObject({
  slug,
  name: text.max(120),
  state: stateCode,
  city: text.max(80),
  website: z.url({ protocol: /^https$/ }),
  logo: z.union([localImage, storedImage]),
  /** The logo's alt text: required for an uploaded logo (the drawn emblems are "<name> logo"). */
  logoAlt: altText.optional(),
  description: sentence,
  /**
   * The school's name and state as the district's Tabroom knows them (decision 0046), when they differ from the
   * shown ones: Tabroom matches a school by its exact name and makes a new one for any other spelling. Printable
   * ASCII with at most four characters other than letters, digits and spaces (Tabroom skips a longer one's line).
   */
  tabroomName: tabroomSchoolName.optional(),
  tabroomState: stateCode.optional(),
}).refine((school) => !school.logo.startsWith("/product-images/") || school.logoAlt, {
  path: ["logoAlt"],
  message: "describe the uploaded logo (alt text)",
});
export const schoolsFileSchema = z.strictObject({ schools: z.array(schoolSchema).min(1) });
export type School = z.infer<typeof schoolSchema>;

const specialty = z.enum(Object.keys(specialtyLabels) as [Specialty, ...Specialty[]]);

export const coachSchema = z.strictObject({
  slug,
  name: text.max(80),
  role: text.max(80),
  /** Staff Markdown (app/features/content/markdown.server.ts). */
  bio: text.max(3000),
  specialties: z.array(specialty).min(1),
  /** An uploaded photo and its alt text; without one the card shows the coach's initials. */
  photo: z.strictObject({ src: storedImage, alt: altText }).optional(),
});
export const boardSchema = z.strictObject({
  name: text.max(80),
  description: sentence,
  members: z.array(z.strictObject({ name: text.max(80), role: text.max(80) })).min(1),
});
export const teamFileSchema = z.strictObject({
  coaches: z.array(coachSchema).min(1),
  boards: z.array(boardSchema).length(2),
});
export type Coach = z.infer<typeof coachSchema>;
export type Board = z.infer<typeof boardSchema>;

export const qualifierSchema = z.strictObject({
  // Students are minors: first name and last initial only.
  name: z.string().regex(/^[A-Z][\p{L}'-]+ [A-Z]\.$/u, "first name and last initial, e.g. Maya R."),
  event: z.enum(qualifierEvents),
  school: text.max(120),
  bio: text.max(1200),
});
export const nationalsFileSchema = z.strictObject({
  year: z.number().int().min(2025),
  intro: sentence,
  tournament: z.strictObject({ heading: text, paragraphs: z.array(sentence).min(1) }),
  supporter: z.strictObject({
    name: text.max(120),
    url: z.url({ protocol: /^https$/ }),
    logo: localImage,
    thanks: sentence,
  }),
  // content/nationals.yaml lists 2025's 21 (the content tests check it); another year's team may differ.
  qualifiers: z.array(qualifierSchema).min(1).max(60),
});
export type Qualifier = z.infer<typeof qualifierSchema>;

export const testimonialsFileSchema = z.strictObject({
  testimonials: z
    .array(
      z.strictObject({
        quote: text.max(400),
        author: z.string().regex(/^[A-Z][\p{L}'-]+ [A-Z]\.$/u, "first name and last initial"),
        school: text.max(120),
        classYear: z.number().int().min(2020).max(2040),
      }),
    )
    // docs/product.md's home page shows three; staff may add or remove one (the page lays out any number).
    .min(1)
    .max(6),
});

const iconName = z.enum(missionIcons);

export const missionFileSchema = z.strictObject({
  statement: sentence,
  vision: sentence,
  purpose: z.array(sentence).min(1),
  coreValues: z.array(z.strictObject({ title: text.max(60), icon: iconName, description: sentence })).length(6),
  whatWeProvide: z.array(z.strictObject({ title: text.max(60), icon: iconName, description: sentence })).length(3),
});

export const dressCodeFileSchema = z.strictObject({
  summary: sentence,
  doWear: z.array(sentence).min(1),
  doNotWear: z.array(sentence).min(1),
  videoCall: z.array(z.strictObject({ title: text.max(60), tip: sentence })).min(1),
  attire: z
    .array(z.strictObject({ category: text.max(60), note: sentence.optional(), items: z.array(sentence).min(1) }))
    .min(1),
  reminders: z.array(sentence).min(1),
});

// The texts below may name a configured setting: {siteName}, {contactEmail}, {prEmail} or {socialUrl} stand for
// SITE_NAME, CONTACT_EMAIL, PR_EMAIL and SOCIAL_URL (app/features/content/settings-text.ts), so a deployment's
// own name and addresses show without editing content.
const label = text.max(80);

/** A page of this site ("/judge"), checked as the footer's links are: nothing that leaves the site. */
const reasonHref = text
  .max(200)
  .refine((href) => /^\/[^\s]*$/.test(href) && isSitePath(href), "A page of this site, starting with /.");

export const homeFileSchema = z.strictObject({
  hero: z.strictObject({
    eyebrow: label,
    heading: text.max(120),
    /** Follows the vision (mission.yaml) in the hero's paragraph. */
    lead: sentence,
    getInvolvedLabel: text.max(40),
    eventsLabel: text.max(40),
    facts: z.array(z.strictObject({ value: text.max(20), label: text.max(40) })).length(4),
  }),
  purpose: z.strictObject({ eyebrow: label, heading: text.max(120), missionLink: label }),
  eventsHeading: label,
  testimonialsHeading: label,
  closing: z.strictObject({
    heading: text.max(120),
    text: sentence,
    buttonLabel: text.max(40),
    /** The closing's second button, to the judge form (decision 0051); saved texts without it keep the default. */
    judgeLabel: text.max(40).default("Judge for us"),
  }),
});

export const contactFileSchema = z.strictObject({
  eyebrow: label,
  title: text.max(120),
  lead: sentence,
  contactButton: text.max(40),
  socialButton: text.max(40),
  reasonsHeading: label,
  /** A reason may lead to a page of the site (decision 0051: Judging to the judge form, entries to their link). */
  reasons: z
    .array(
      z
        .strictObject({
          title: text.max(60),
          icon: iconName,
          text: sentence,
          linkLabel: label.optional(),
          linkHref: reasonHref.optional(),
        })
        .refine((reason) => !reason.linkLabel === !reason.linkHref, {
          message: "A link needs both its text and its page.",
          path: ["linkHref"],
        }),
    )
    .min(1)
    .max(8),
  /** The press card; the address shown under it is PR_EMAIL. */
  press: z.strictObject({ title: label, text: sentence }),
  reply: z.strictObject({ title: label, text: sentence }),
  formHeading: label,
});

/**
 * Where a footer link may lead: a page of the site ("/..."), an https address, a mail address, or the configured
 * social page ({socialUrl}). Anything else (javascript:, data:, http:, "//host") is refused. A page of the site is
 * checked by `isSitePath`, the test redirects use, so "/\host" (which browsers read as "//host") is refused too.
 */
export const footerHref = z
  .string()
  .trim()
  .max(300)
  .refine(
    (href) =>
      href === "{socialUrl}" ||
      (/^\/[^\s]*$/.test(href) && isSitePath(href)) ||
      /^mailto:[^\s<>"]+$/.test(href) ||
      (/^https:\/\/[^\s<>"]+$/.test(href) && URL.canParse(href)),
    { message: "Enter a page of the site (/...), an https:// address or a mailto: address." },
  );

export const footerFileSchema = z.strictObject({
  tagline: sentence,
  /** The first group is the footer's navigation; at most two fit beside the district's name. */
  groups: z
    .array(
      z.strictObject({
        heading: text.max(40),
        links: z.array(z.strictObject({ label, href: footerHref })).min(1).max(12),
      }),
    )
    .min(1)
    .max(2),
});
export type ContactContent = z.infer<typeof contactFileSchema>;
export type FooterContent = z.infer<typeof footerFileSchema>;
