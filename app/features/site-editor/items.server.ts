import type { Database } from "~/db/client.server";
import type { Actor } from "~/core/actor";
import type { SectionKey } from "~/features/content/sections";
import type { Outcome } from "./changes.server";
import { editableDocument, saveDraft } from "./drafts.server";
import {
  type CoachFormValues,
  type QualifierFormValues,
  type SchoolFormValues,
  slugOf,
  type TestimonialFormValues,
} from "./item-form";

/**
 * One item of a section's list (a coach, a school, a testimonial, a qualifier) or one picture, changed in the
 * draft with the same checks as saving the whole draft.
 */

/** Who may have a picture in a section: coaches on the team, schools in the schools list (by slug). */
export function pictureTargets(key: SectionKey, document: unknown): { slug: string; name: string }[] {
  if (key === "team") return (document as { coaches: { slug: string; name: string }[] }).coaches;
  if (key === "schools") return (document as { schools: { slug: string; name: string }[] }).schools;
  return [];
}

/**
 * Puts an uploaded picture (already stored by the image pipeline) into the
 * section's draft: a coach's photo or a school's logo, with its alt text.
 * The same checks as saving the draft (someone else's draft, a stale base).
 */
export async function placePicture(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { target: string; src: string; alt: string; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const document = structuredClone(await editableDocument(db, key)) as Record<string, unknown>;
  if (key === "team") {
    const coach = (document.coaches as { slug: string; photo?: unknown }[]).find((item) => item.slug === input.target);
    if (!coach) return { ok: false, status: 400, message: "There is no such coach in the draft." };
    coach.photo = { src: input.src, alt: input.alt };
  } else if (key === "schools") {
    const school = (document.schools as { slug: string; logo: string; logoAlt?: string }[]).find(
      (item) => item.slug === input.target,
    );
    if (!school) return { ok: false, status: 400, message: "There is no such school in the draft." };
    school.logo = input.src;
    school.logoAlt = input.alt;
  } else {
    return { ok: false, status: 400, message: "This section has no pictures." };
  }
  return saveDraft(db, actor, key, { document, baseVersion: input.baseVersion, draftStamp: input.draftStamp });
}

/** The placeholder emblem a new school shows until a logo is uploaded. */
const SCHOOL_PLACEHOLDER_LOGO = "/images/schools/placeholder.svg";

/**
 * Saves one item into the draft: a coach or a school is found by its slug (its photo or logo kept), a testimonial
 * or a qualifier by its place in the list. With no slug, a new item is added at the end (a coach or a school under
 * a slug made from its name).
 */
export async function saveItem(
  db: Database,
  actor: Actor,
  key: "team" | "schools" | "testimonials" | "nationals",
  input: (CoachFormValues | SchoolFormValues | TestimonialFormValues | QualifierFormValues) & {
    slug: string;
    baseVersion: number;
    draftStamp: string;
  },
): Promise<Outcome> {
  const document = structuredClone(await editableDocument(db, key)) as Record<string, Record<string, unknown>[]>;
  const spec = orderedLists[key]!;
  const list = document[spec.list]!;
  const { intent: _intent, slug, baseVersion, draftStamp, ...values } = input;
  const bySlug = key === "team" || key === "schools";
  const name = String((values as Record<string, unknown>)[spec.name]);
  if (slug) {
    const item = bySlug ? list.find((entry) => entry.slug === slug) : list[Number(slug)];
    if (!item || (!bySlug && !/^\d+$/.test(slug)))
      return { ok: false, status: 404, message: "That item is no longer in the draft. Open the section again." };
    Object.assign(item, values);
  } else if (bySlug) {
    const newSlug = slugOf(name);
    if (list.some((entry) => entry.slug === newSlug)) {
      return { ok: false, status: 409, message: `“${name}” is already in the list.` };
    }
    list.push(
      key === "team" ? { slug: newSlug, ...values } : { slug: newSlug, ...values, logo: SCHOOL_PLACEHOLDER_LOGO },
    );
  } else {
    list.push(values);
  }
  const outcome = await saveDraft(db, actor, key, { document, baseVersion, draftStamp });
  return outcome.ok ? { ok: true, message: `${name} saved in the draft.` } : outcome;
}

/** Removes one item of a section's list from the draft; `name` is what the page showed there (a stale page is refused). */
export async function removeItem(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { index: number; name: string; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const spec = orderedLists[key];
  if (!spec) return { ok: false, status: 400, message: "This section has no list to remove from." };
  const document = structuredClone(await editableDocument(db, key)) as Record<string, Record<string, unknown>[]>;
  const list = document[spec.list]!;
  if (String(list[input.index]?.[spec.name]) !== input.name)
    return {
      ok: false,
      status: 409,
      message: "That item is no longer in that place in the draft. Open the section again.",
    };
  list.splice(input.index, 1);
  const outcome = await saveDraft(db, actor, key, {
    document,
    baseVersion: input.baseVersion,
    draftStamp: input.draftStamp,
  });
  return outcome.ok ? { ok: true, message: `${input.name} removed from the draft.` } : outcome;
}

/** The list of a section staff put in order (the page shows it in this order), and what names an item. */
const orderedLists: Partial<Record<SectionKey, { list: string; name: string }>> = {
  team: { list: "coaches", name: "name" },
  schools: { list: "schools", name: "name" },
  testimonials: { list: "testimonials", name: "author" },
  nationals: { list: "qualifiers", name: "name" },
};

/** The names of a section's ordered items, in order (empty for a section without one). */
export function orderedItems(key: SectionKey, document: unknown): string[] {
  const spec = orderedLists[key];
  if (!spec) return [];
  const items = (document as Record<string, Record<string, unknown>[]>)[spec.list] ?? [];
  return items.map((item) => String(item[spec.name]));
}

/** Moves one item of the section's ordered list up or down in the draft (the same checks as saving it). */
export async function moveItem(
  db: Database,
  actor: Actor,
  key: SectionKey,
  input: { index: number; direction: "up" | "down"; baseVersion: number; draftStamp: string },
): Promise<Outcome> {
  const spec = orderedLists[key];
  if (!spec) return { ok: false, status: 400, message: "This section has no order to change." };
  const document = structuredClone(await editableDocument(db, key)) as Record<string, unknown[]>;
  const items = document[spec.list]!;
  const to = input.direction === "up" ? input.index - 1 : input.index + 1;
  if (input.index < 0 || input.index >= items.length || to < 0 || to >= items.length) {
    return { ok: false, status: 400, message: "That item cannot move further." };
  }
  [items[input.index], items[to]] = [items[to], items[input.index]];
  const outcome = await saveDraft(db, actor, key, {
    document,
    baseVersion: input.baseVersion,
    draftStamp: input.draftStamp,
  });
  return outcome.ok ? { ok: true, message: `Moved ${input.direction} in the draft.` } : outcome;
}
