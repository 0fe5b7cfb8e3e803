import type { Database } from "~/db/client.server";
import { contentSections, previewPages, type SectionKey } from "~/features/content/sections";
import { documentForms, hasDocumentForm, toFormValues } from "./document-form";
import { diffDocuments, readablePath, type Change } from "./diff";
import { PREVIEW_PARAM } from "~/features/accounts/guards.server";
import { orderedItems, pictureTargets } from "./items.server";
import { inFileOrder, sectionState } from "./versions.server";
import { toYaml } from "./yaml-text";

export type ShownChange = { place: string; kind: Change["kind"]; before: string | null; after: string | null };

const shown = (changes: Change[]): ShownChange[] =>
  changes.map((change) => ({
    place: readablePath(change.path),
    kind: change.kind,
    before: change.before ?? null,
    after: change.after ?? null,
  }));

/** What the section page shows: the live version, the draft, the editor's text, the history and a comparison. */
export async function sectionPageData(db: Database, key: SectionKey, compare: number | null) {
  const state = await sectionState(db, key, compare);
  const editable = inFileOrder(key, state.draft?.document ?? state.liveDocument) as Record<string, unknown>;
  const section = contentSections[key];
  const comparedDocument = state.compared;
  return {
    key,
    label: section.label,
    file: section.file,
    previews: previewPages(key).map((page) => `${page}?${PREVIEW_PARAM}=${key}`),
    pages: [...section.pages],
    liveVersion: state.liveVersion,
    live: state.versions[0] ?? null,
    draft: state.draft
      ? {
          by: state.draft.by,
          at: state.draft.at,
          baseVersion: state.draft.baseVersion,
          stamp: state.draft.stamp,
          stale: state.draft.baseVersion !== state.liveVersion,
          changes: shown(diffDocuments(state.liveDocument, state.draft.document)),
        }
      : null,
    source: toYaml(editable),
    // The items the one-item forms edit (team and schools), as the draft (or the live text) has them.
    coaches: key === "team" ? (editable.coaches as EditableCoach[]).map(pickCoach) : [],
    schools: key === "schools" ? (editable.schools as EditableSchool[]).map(pickSchool) : [],
    testimonials: key === "testimonials" ? (editable.testimonials as EditableTestimonial[]) : [],
    qualifiers: key === "nationals" ? (editable.qualifiers as EditableQualifier[]) : [],
    // A single-document section's fields, as its plain form shows them.
    documentValues: hasDocumentForm(key) ? toFormValues(documentForms[key], editable) : null,
    order: orderedItems(key, state.draft?.document ?? state.liveDocument),
    pictureTargets: pictureTargets(key, state.draft?.document ?? state.liveDocument).map(({ slug, name }) => ({
      slug,
      name,
    })),
    versions: state.versions,
    comparison:
      comparedDocument === undefined
        ? null
        : { version: compare!, changes: shown(diffDocuments(comparedDocument, state.liveDocument)) },
  };
}

export type EditableCoach = { slug: string; name: string; role: string; bio: string; specialties: string[] };
export type EditableSchool = {
  slug: string;
  name: string;
  state: string;
  city: string;
  website: string;
  description: string;
  tabroomName?: string;
  tabroomState?: string;
};
export type EditableTestimonial = { quote: string; author: string; school: string; classYear: number };
export type EditableQualifier = { name: string; event: string; school: string; bio: string };
const pickCoach = ({ slug, name, role, bio, specialties }: EditableCoach): EditableCoach => ({
  slug,
  name,
  role,
  bio,
  specialties,
});
const pickSchool = ({
  slug,
  name,
  state,
  city,
  website,
  description,
  tabroomName,
  tabroomState,
}: EditableSchool): EditableSchool => ({
  slug,
  name,
  state,
  city,
  website,
  description,
  ...(tabroomName ? { tabroomName } : {}),
  ...(tabroomState ? { tabroomState } : {}),
});

export type SectionPageData = Awaited<ReturnType<typeof sectionPageData>>;
