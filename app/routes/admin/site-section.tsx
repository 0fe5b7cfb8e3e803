import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { onlyDialogParamsChanged } from "~/ui/dialog-url";
import { formText, readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { requireAdmin, requireUser } from "~/features/accounts/guards.server";
import { isSectionKey } from "~/features/content/sections";
import { readProductForm } from "~/features/products/manage/admin.server";
import { ITEM_DIALOG_PARAMS } from "~/features/site-editor/item-forms";
import { itemForms, itemKindOf, removeItemSchema } from "~/features/site-editor/item-form";
import { documentFormSchema, fieldMessages, hasDocumentForm } from "~/features/site-editor/document-form";
import { editorSchema, imageFormSchema, sectionActionSchema } from "~/features/site-editor/editor-form";
import { storeUploadedImage } from "~/features/products/images/images.server";
import { SectionEditor, type SectionActionData } from "~/features/site-editor/section-editor";
import { sectionPageData } from "~/features/site-editor/section-page.server";
import { discardDraft, saveDraft } from "~/features/site-editor/drafts.server";
import { moveItem, placePicture, removeItem, saveItem } from "~/features/site-editor/items.server";
import { publishDraft, restoreVersion } from "~/features/site-editor/publishing.server";
import { parseSource } from "~/features/site-editor/yaml-text";
import { CoachesPanel } from "~/features/coaches/invitations/coaches-panel";
import { schoolCoachesView } from "~/features/coaches/invitations/staff.server";
import type { Route } from "./+types/site-section";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.label ?? "Site content"} | Admin Dashboard` },
];

const notUnderstoodMessage = "That request was not understood. Please reload the page and try again.";

function sectionOf(params: { section?: string }) {
  if (!isSectionKey(params.section)) throw data("There is no such section of the site.", { status: 404 });
  return params.section;
}

/** Staff (any role) edit and preview drafts; admins publish and restore (decision 0039). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireUser(request, context);
  const key = sectionOf(params);
  const compare = Number(new URL(request.url).searchParams.get("compare"));
  const page = await sectionPageData(getDb(context), key, Number.isInteger(compare) && compare > 0 ? compare : null);
  // The member schools' coaches (decision 0054), under the schools' rows, for admins who invite and remove them.
  const schoolCoaches = key === "schools" && staff.role === "admin" ? await schoolCoachesView(getDb(context)) : null;
  return { ...page, canPublish: staff.role === "admin", schoolCoaches };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireUser(request, context);
  const key = sectionOf(params);
  const db = getDb(context);
  const page = `/admin/site/${key}`;
  // A picture (multipart, up to the image pipeline's size): stored first, then put into the draft.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const body = await readProductForm(request);
    if ("error" in body) {
      const message = body.error.description ? `${body.error.title}: ${body.error.description}` : body.error.title;
      return data<SectionActionData>({ message, picture: true }, { status: body.status });
    }
    const submission = parseWithZod(body.form, { schema: imageFormSchema });
    if (submission.status !== "success" || !body.image) {
      const reply = submission.reply({ fieldErrors: body.image ? {} : { image: ["Choose a picture to upload."] } });
      return data<SectionActionData>({ pictureResult: reply }, { status: 400 });
    }
    const stored = await storeUploadedImage(db, body.image, "site content picture", staff.id);
    if (!stored.ok) {
      const reply = submission.reply({ fieldErrors: { image: [stored.message] } });
      return data<SectionActionData>({ pictureResult: reply }, { status: stored.status });
    }
    const outcome = await placePicture(db, staff, key, { ...submission.value, src: stored.src });
    if (!outcome.ok) {
      return data<SectionActionData>(
        { pictureResult: submission.reply({ formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return redirectWithToast(page, {
      type: "success",
      title: "Picture added to the draft",
      description: outcome.message,
    });
  }
  const form = await readForm(request);
  const intent = formText(form, "intent");

  // One coach, school, testimonial or qualifier (decision 0032's dialogs): its fields checked with a message at
  // each, then saved into the draft.
  const itemKind = itemKindOf(intent, key);
  if (itemKind) {
    const submission = parseWithZod(form, { schema: itemForms[itemKind].schema });
    if (submission.status !== "success") {
      return data<SectionActionData>({ itemResult: submission.reply() }, { status: 400 });
    }
    const outcome = await saveItem(db, staff, itemForms[itemKind].section, submission.value);
    if (!outcome.ok) {
      return data<SectionActionData>(
        { itemResult: submission.reply({ formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return redirectWithToast(page, { type: "success", title: "Saved in the draft", description: outcome.message });
  }

  // A single-document section's plain form; Add and Remove (Conform's list buttons, without JavaScript) come back
  // with the form's values changed and save nothing.
  if (intent === "document" && hasDocumentForm(key)) {
    const submission = parseWithZod(form, { schema: documentFormSchema(key), error: fieldMessages });
    if (submission.status !== "success") {
      return data<SectionActionData>(
        { documentResult: submission.reply() },
        { status: submission.status === "error" ? 400 : 200 },
      );
    }
    const outcome = await saveDraft(db, staff, key, { ...submission.value, document: submission.value.doc });
    if (!outcome.ok) {
      return data<SectionActionData>(
        { documentResult: submission.reply({ formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return redirectWithToast(page, { type: "success", title: "Draft saved", description: outcome.message });
  }

  if (intent === "remove-item") {
    const removal = removeItemSchema.safeParse(Object.fromEntries(form));
    if (!removal.success) return data<SectionActionData>({ message: notUnderstoodMessage }, { status: 400 });
    const outcome = await removeItem(db, staff, key, removal.data);
    if (!outcome.ok) return data<SectionActionData>({ message: outcome.message }, { status: outcome.status });
    return redirectWithToast(page, { type: "success", title: "Removed from the draft", description: outcome.message });
  }

  if (intent === "save") {
    const submission = parseWithZod(form, { schema: editorSchema });
    if (submission.status !== "success") {
      return data<SectionActionData>({ result: submission.reply() }, { status: 400 });
    }
    const parsed = parseSource(key, submission.value.source);
    if (!parsed.ok) {
      return data<SectionActionData>(
        { result: submission.reply({ fieldErrors: { source: [parsed.message] } }) },
        { status: 400 },
      );
    }
    const outcome = await saveDraft(db, staff, key, { ...submission.value, document: parsed.document });
    if (!outcome.ok) {
      return data<SectionActionData>(
        { result: submission.reply({ formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return redirectWithToast(page, { type: "success", title: "Draft saved", description: outcome.message });
  }

  const parsed = sectionActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<SectionActionData>({ message: notUnderstoodMessage }, { status: 400 });
  const request_ = parsed.data;
  if (request_.intent === "move") {
    const outcome = await moveItem(db, staff, key, request_);
    if (!outcome.ok) return data<SectionActionData>({ message: outcome.message }, { status: outcome.status });
    return redirectWithToast(page, { type: "success", title: "Order changed", description: outcome.message });
  }
  if (request_.intent === "discard") {
    const outcome = await discardDraft(db, staff, key, { draftStamp: request_.draftStamp });
    if (!outcome.ok) return data<SectionActionData>({ message: outcome.message }, { status: outcome.status });
    return redirectWithToast(page, { type: "success", title: "Draft discarded", description: outcome.message });
  }
  // Publishing and restoring change the live site: admins only (a user-role POST changes nothing: 403).
  const admin = await requireAdmin(request, context, {
    message: "Only admins publish the site's content. Your draft is saved; ask an admin to publish it.",
  });
  const outcome =
    request_.intent === "publish"
      ? await publishDraft(db, admin, key, { draftStamp: request_.draftStamp })
      : await restoreVersion(db, admin, key, { version: request_.version, liveVersion: request_.liveVersion });
  if (!outcome.ok) return data<SectionActionData>({ message: outcome.message }, { status: outcome.status });
  return redirectWithToast(page, {
    type: "success",
    title: request_.intent === "publish" ? "Published" : "Restored",
    description: outcome.message,
  });
}

/** Opening or closing an item's dialog needs nothing new from the server (decision 0032). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyDialogParamsChanged(args, ITEM_DIALOG_PARAMS) ? false : args.defaultShouldRevalidate;
}

export default function SiteSectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { canPublish, schoolCoaches, ...page } = loaderData;
  return (
    <div className="grid gap-6">
      <SectionEditor data={page} actionData={actionData} canPublish={canPublish} />
      {schoolCoaches ? <CoachesPanel schools={schoolCoaches} returnTo="/admin/site/schools" /> : null}
    </div>
  );
}
