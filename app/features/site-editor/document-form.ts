import { z } from "~/core/zod";
import { contentSections } from "~/features/content/sections";
import { missionIcons } from "~/features/content/vocabulary";

/**
 * The single-document sections (mission, dress code, home, contact, footer) as plain forms: one field per text, a
 * textarea per list of short texts, and a fieldset per item of a list of items (with Add and Remove buttons where
 * the list may grow). One Zod schema per section serves the browser and the action (Conform): the form's values
 * are turned into the section's document and checked by the section's own schema (app/features/content/schemas.ts),
 * so a message lands at the field it is about.
 */

type Text = { kind: "text"; name: string; label: string; long?: boolean; optional?: boolean; hint?: string };
type Choice = { kind: "choice"; name: string; label: string; options: readonly string[] };
/** A list of short texts in one textarea: one per line, or paragraphs separated by an empty line. */
type Lines = { kind: "lines"; name: string; label: string; split: "line" | "paragraph" };
type Group = { kind: "group"; name: string; label: string; fields: FieldSpec[] };
/** A list of items, each a fieldset; `fixed`: as many as the page has places for (no Add or Remove). */
type List = {
  kind: "list";
  name: string;
  label: string;
  noun: string;
  fields: FieldSpec[];
  fixed?: boolean;
  max?: number;
};
export type FieldSpec = Text | Choice | Lines | Group | List;

const text = (name: string, label: string, more: Partial<Text> = {}): Text => ({ kind: "text", name, label, ...more });
const long = (name: string, label: string, more: Partial<Text> = {}): Text =>
  text(name, label, { long: true, ...more });
const icon: Choice = { kind: "choice", name: "icon", label: "Icon", options: missionIcons };
const lines = (name: string, label: string, split: Lines["split"] = "line"): Lines => ({
  kind: "lines",
  name,
  label,
  split,
});

export const documentForms = {
  mission: [
    long("statement", "Mission statement"),
    long("vision", "Vision"),
    lines("purpose", "Statement of purpose (home page)", "paragraph"),
    {
      kind: "list",
      name: "coreValues",
      label: "Core values",
      noun: "Core value",
      fixed: true,
      fields: [text("title", "Title"), icon, long("description", "Description")],
    },
    {
      kind: "list",
      name: "whatWeProvide",
      label: "What We Provide",
      noun: "Provision",
      fixed: true,
      fields: [text("title", "Title"), icon, long("description", "Description")],
    },
  ],
  "dress-code": [
    long("summary", "Summary"),
    lines("doWear", "Do wear"),
    lines("doNotWear", "Do not wear"),
    {
      kind: "list",
      name: "videoCall",
      label: "Video-call advice",
      noun: "Tip",
      fields: [text("title", "Title"), long("tip", "Advice")],
    },
    {
      kind: "list",
      name: "attire",
      label: "Attire",
      noun: "Attire",
      fields: [text("category", "Category"), long("note", "Note", { optional: true }), lines("items", "Items")],
    },
    lines("reminders", "Reminders"),
  ],
  home: [
    {
      kind: "group",
      name: "hero",
      label: "Hero",
      fields: [
        text("eyebrow", "Line above the heading"),
        text("heading", "Heading"),
        long("lead", "Text after the vision"),
        text("getInvolvedLabel", "Get Involved button"),
        text("eventsLabel", "Events button"),
        {
          kind: "list",
          name: "facts",
          label: "Facts beside the hero",
          noun: "Fact",
          fixed: true,
          fields: [text("value", "Value"), text("label", "Label")],
        },
      ],
    },
    {
      kind: "group",
      name: "purpose",
      label: "Statement of purpose",
      fields: [
        text("eyebrow", "Line above the heading"),
        text("heading", "Heading"),
        text("missionLink", "Link to the mission page"),
      ],
    },
    text("eventsHeading", "Upcoming events heading"),
    text("testimonialsHeading", "Testimonials heading"),
    {
      kind: "group",
      name: "closing",
      label: "Closing call to action",
      fields: [
        text("heading", "Heading"),
        long("text", "Text"),
        text("buttonLabel", "Button"),
        text("judgeLabel", "Button to the judge form"),
      ],
    },
  ],
  contact: [
    text("eyebrow", "Line above the title"),
    text("title", "Title"),
    long("lead", "Lead"),
    text("contactButton", "Contact button"),
    text("socialButton", "Social media button"),
    text("reasonsHeading", "Reasons heading"),
    {
      kind: "list",
      name: "reasons",
      label: "Reasons to write",
      noun: "Reason",
      max: 8,
      fields: [
        text("title", "Title"),
        icon,
        long("text", "Text"),
        text("linkLabel", "Link text", { optional: true }),
        text("linkHref", "Link to a page of the site", { optional: true, hint: "For example /judge or /entries." }),
      ],
    },
    {
      kind: "group",
      name: "press",
      label: "Press and media card",
      fields: [text("title", "Title"), long("text", "Text")],
    },
    { kind: "group", name: "reply", label: "Reply times card", fields: [text("title", "Title"), long("text", "Text")] },
    text("formHeading", "Form heading"),
  ],
  footer: [
    long("tagline", "Line about the district"),
    {
      kind: "list",
      name: "groups",
      label: "Link groups",
      noun: "Group",
      max: 2,
      fields: [
        text("heading", "Heading"),
        {
          kind: "list",
          name: "links",
          label: "Links",
          noun: "Link",
          max: 12,
          fields: [
            text("label", "Label"),
            text("href", "Address", { hint: "A page of the site (/mission), an https:// address or mailto:" }),
          ],
        },
      ],
    },
  ],
} satisfies Record<string, FieldSpec[]>;

export type DocumentSectionKey = keyof typeof documentForms;

export function hasDocumentForm(key: string): key is DocumentSectionKey {
  return Object.hasOwn(documentForms, key);
}

type Values = Record<string, unknown>;
const asObject = (value: unknown): Values => (value && typeof value === "object" ? (value as Values) : {});
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A section's document as the form's values (lists of short texts joined into their textarea's text). */
export function toFormValues(specs: readonly FieldSpec[], document: unknown): Values {
  const source = asObject(document);
  const values: Values = {};
  for (const spec of specs) {
    const value = source[spec.name];
    if (spec.kind === "lines") values[spec.name] = asList(value).join(spec.split === "paragraph" ? "\n\n" : "\n");
    else if (spec.kind === "group") values[spec.name] = toFormValues(spec.fields, value);
    else if (spec.kind === "list") values[spec.name] = asList(value).map((item) => toFormValues(spec.fields, item));
    else values[spec.name] = value ?? "";
  }
  return values;
}

/** The form's values as the section's document: each textarea's text split into its list, empty optionals left out. */
export function fromFormValues(specs: readonly FieldSpec[], values: unknown): Values {
  const source = asObject(values);
  const document: Values = {};
  for (const spec of specs) {
    const value = source[spec.name];
    if (spec.kind === "lines") {
      document[spec.name] = String(value ?? "")
        .split(spec.split === "paragraph" ? /\n\s*\n/ : /\n/)
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean);
    } else if (spec.kind === "group") document[spec.name] = fromFormValues(spec.fields, value);
    else if (spec.kind === "list") document[spec.name] = asList(value).map((item) => fromFormValues(spec.fields, item));
    else if (typeof value === "string" && value.trim() !== "") document[spec.name] = value;
    else if (!(spec.kind === "text" && spec.optional)) document[spec.name] = value;
  }
  return document;
}

/** The messages a person reads at a field (a schema's own message, where it has one, wins). */
export const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return "Fill in this field.";
  if (issue.code === "too_small" && issue.origin === "string") return "Fill in this field.";
  if (issue.code === "too_big" && issue.origin === "string") return `At most ${issue.maximum} characters.`;
  if (issue.code === "too_small" && issue.origin === "array") return `Give at least ${issue.minimum}.`;
  if (issue.code === "too_big" && issue.origin === "array") return `At most ${issue.maximum}.`;
  if (issue.code === "invalid_value") return "Choose one of the options.";
  if (issue.code === "unrecognized_keys") return "This form does not know that field.";
  return undefined;
};

const schemas = new Map<DocumentSectionKey, z.ZodType>();

/** The form of a single-document section: hidden fields, and `doc`, checked by the section's schema. */
export function documentFormSchema(key: DocumentSectionKey) {
  let schema = schemas.get(key);
  if (!schema) {
    schema = z.object({
      intent: z.literal("document"),
      baseVersion: z.coerce.number().int().min(0),
      draftStamp: z.string().max(40).default(""),
      doc: z.preprocess((values) => fromFormValues(documentForms[key], values), contentSections[key].schema),
    });
    schemas.set(key, schema);
  }
  return schema as z.ZodType<
    { intent: "document"; baseVersion: number; draftStamp: string; doc: Record<string, unknown> },
    { intent: string; baseVersion: string; draftStamp?: string; doc: Record<string, unknown> }
  >;
}
