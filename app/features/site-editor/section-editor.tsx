import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, Eye, History, ImagePlus, RotateCcw, Save, Send, Trash2, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/core/format";
import { Button } from "~/ui/button";
import { DashboardHeader } from "~/ui/dashboard";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { FormError, SelectField, TextField } from "~/ui/conform-fields";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { Textarea } from "~/ui/textarea";
import { DocumentForm } from "./document-fields";
import { hasDocumentForm } from "./document-form";
import { CoachForms, QualifierForms, SchoolForms, TestimonialForms } from "./item-forms";
import { editorSchema, imageFormSchema, MAX_ALT_CHARS, MAX_SOURCE_CHARS } from "./editor-form";
import type { SectionPageData, ShownChange } from "./section-page.server";
import { DraftVersionFields } from "./draft-version-fields";

export type SectionActionData = {
  result?: SubmissionResult<string[]>;
  pictureResult?: SubmissionResult<string[]>;
  /** The coach, school, testimonial or qualifier form's messages. */
  itemResult?: SubmissionResult<string[]>;
  /** A single-document section's form: its messages, or its values with an item added or removed. */
  documentResult?: SubmissionResult<string[]>;
  message?: string;
  /** The message is about a picture (too large, unreadable). */
  picture?: boolean;
};

/**
 * One section of the site's content (decision 0039): its text in the
 * content/ file's layout, saved as a draft, previewed on the real pages,
 * published (admins), and its history with comparisons and one-step restore.
 * Every button is a plain form post: it all works without JavaScript.
 */
export function SectionEditor({
  data,
  actionData,
  canPublish,
}: {
  data: SectionPageData;
  actionData?: SectionActionData;
  canPublish: boolean;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const page = `/admin/site/${data.key}`;
  // What every form that writes the draft sends back, for the stale-draft check.
  const version = { baseVersion: data.draft?.baseVersion ?? data.liveVersion, draftStamp: data.draft?.stamp ?? "" };
  const [form, fields] = useForm({
    id: `section-${data.key}`,
    lastResult: actionData?.result,
    defaultValue: { source: data.source },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key: sourceKey, ...sourceProps } = getTextareaProps(fields.source);
  const hintId = `${fields.source.id}-hint`;
  return (
    <div className="grid gap-6">
      <DashboardHeader
        title={data.label}
        description={
          data.live
            ? `Live: version ${data.live.version}, published by ${data.live.by} on ${formatDateTime(data.live.at)}.`
            : `Live: content/${data.file} as deployed (never edited here).`
        }
      >
        <Link to="/admin/site" className="text-sm font-medium underline underline-offset-4">
          All sections
        </Link>
      </DashboardHeader>

      {actionData?.message ? <Notice tone="error" title={actionData.message} /> : null}

      <section aria-labelledby="draft-heading" className="grid gap-3 rounded-lg border p-4">
        <h2 id="draft-heading" className="text-lg font-semibold">
          Draft
        </h2>
        {data.draft ? (
          <>
            <p className="text-sm">
              Saved by {data.draft.by} on {formatDateTime(data.draft.at)}, from version{" "}
              {data.draft.baseVersion || "0 (the file)"}. {data.draft.changes.length} change
              {data.draft.changes.length === 1 ? "" : "s"} from the live text.
            </p>
            {data.draft.stale ? (
              <Notice tone="error" title="This draft is out of date">
                Version {data.liveVersion} was published after it was started. Copy your changes, discard the draft and
                edit the live text again.
              </Notice>
            ) : null}
            <ChangeList changes={data.draft.changes} caption="What publishing the draft changes" />
            <div className="flex flex-wrap gap-2">
              {data.previews.map((href) => (
                <Link
                  key={href}
                  to={href}
                  className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4"
                >
                  <Eye aria-hidden="true" className="size-4" />
                  Preview {href.split("?")[0]}
                </Link>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              {canPublish ? (
                <Form method="post" action={page}>
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="draftStamp" value={data.draft.stamp} />
                  <PendingButton pending={busy("publish")} icon={<Send aria-hidden="true" />}>
                    Publish draft
                  </PendingButton>
                </Form>
              ) : (
                <p className="text-sm text-muted-foreground">An admin publishes drafts.</p>
              )}
              <Form method="post" action={page}>
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="draftStamp" value={data.draft.stamp} />
                <PendingButton pending={busy("discard")} variant="outline" icon={<Trash2 aria-hidden="true" />}>
                  Discard draft
                </PendingButton>
              </Form>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No draft. Edit the section below and save it to the draft.</p>
        )}
      </section>

      {data.documentValues && hasDocumentForm(data.key) ? (
        <DocumentForm
          sectionKey={data.key}
          values={data.documentValues}
          action={page}
          {...version}
          result={actionData?.documentResult}
        />
      ) : null}

      {data.key === "team" ? (
        <CoachForms action={page} coaches={data.coaches} {...version} result={actionData?.itemResult} />
      ) : null}
      {data.key === "testimonials" ? (
        <TestimonialForms action={page} testimonials={data.testimonials} {...version} result={actionData?.itemResult} />
      ) : null}
      {data.key === "nationals" ? (
        <QualifierForms action={page} qualifiers={data.qualifiers} {...version} result={actionData?.itemResult} />
      ) : null}
      {data.key === "schools" ? (
        <SchoolForms action={page} schools={data.schools} {...version} result={actionData?.itemResult} />
      ) : null}

      {data.order.length > 1 ? <OrderList action={page} items={data.order} {...version} /> : null}

      {data.pictureTargets.length ? (
        <PictureForm
          action={page}
          targets={data.pictureTargets}
          what={data.key === "team" ? "coach" : "school"}
          {...version}
          result={actionData?.pictureResult}
          pending={busy("image")}
        />
      ) : null}

      <details open={Boolean(actionData?.result)} className="group rounded-lg border p-4 [&[open]>summary]:mb-3">
        <summary className="cursor-pointer text-lg font-semibold">Edit as YAML</summary>
        <Form method="post" action={page} {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="save" />
          <DraftVersionFields {...version} />
          <FormError id={form.errorId} errors={form.errors} />
          <Field>
            <FieldLabel htmlFor={fields.source.id} required>
              Text of {data.file}
            </FieldLabel>
            <FieldDescription id={hintId}>
              The same layout as content/{data.file}: keep the indentation (spaces), one item per &quot;- &quot;. Each
              mistake is named with its line and field when you save.
            </FieldDescription>
            <Textarea
              key={sourceKey}
              {...sourceProps}
              rows={24}
              maxLength={MAX_SOURCE_CHARS + 100}
              spellCheck
              className="font-mono text-sm"
              aria-required="true"
              aria-describedby={[sourceProps["aria-describedby"], hintId].filter(Boolean).join(" ")}
            />
            {fields.source.errors?.length ? (
              <p id={fields.source.errorId} data-slot="field-error" className="ui-field-error whitespace-pre-line">
                {fields.source.errors.join("\n")}
              </p>
            ) : null}
          </Field>
          <div>
            <PendingButton pending={busy("save")} icon={<Save aria-hidden="true" />}>
              Save draft
            </PendingButton>
          </div>
        </Form>
      </details>

      <section aria-labelledby="history-heading" className="grid gap-3">
        <h2 id="history-heading" className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden="true" className="size-5" />
          History
        </h2>
        {data.versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing published yet: the site shows content/{data.file}.</p>
        ) : (
          <ol className="grid gap-2">
            {data.versions.map((version) => (
              <li
                key={version.version}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border p-3 text-sm"
              >
                <span className="font-semibold">Version {version.version}</span>
                <span>
                  {version.note}, by {version.by}, {formatDateTime(version.at)}
                </span>
                {version.version === data.liveVersion ? (
                  <span className="font-medium text-emerald-700">Live</span>
                ) : (
                  <>
                    <Link to={`${page}?compare=${version.version}`} className="underline underline-offset-4">
                      Compare with live
                    </Link>
                    {canPublish ? (
                      <Form method="post" action={page}>
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="version" value={version.version} />
                        <input type="hidden" name="liveVersion" value={data.liveVersion} />
                        <PendingButton
                          pending={busy("restore") && navigation.formData?.get("version") === String(version.version)}
                          size="sm"
                          variant="outline"
                          icon={<RotateCcw aria-hidden="true" />}
                        >
                          Restore version {version.version}
                        </PendingButton>
                      </Form>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
        {data.comparison ? (
          <ChangeList
            changes={data.comparison.changes}
            caption={`Version ${data.comparison.version} compared with the live version ${data.liveVersion}`}
            empty="The two versions are the same."
          />
        ) : null}
      </section>
    </div>
  );
}

function ChangeList({ changes, caption, empty }: { changes: ShownChange[]; caption: string; empty?: string }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{caption}</h3>
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty ?? "No changes."}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {changes.slice(0, 200).map((change) => (
            <li key={`${change.kind}-${change.place}`} className="grid gap-1 rounded-md bg-muted/50 p-2">
              <span className="font-medium">
                {change.place} <span className="text-muted-foreground">({change.kind})</span>
              </span>
              {change.before !== null ? <del className="break-words text-red-800">{change.before}</del> : null}
              {change.after !== null ? (
                <ins className="break-words text-emerald-800 no-underline">{change.after}</ins>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A coach's photo or a school's logo: uploaded, re-encoded by the server and put into the draft with its alt text. */
function PictureForm({
  action,
  targets,
  what,
  baseVersion,
  draftStamp,
  result,
  pending,
}: {
  action: string;
  targets: { slug: string; name: string }[];
  what: "coach" | "school";
  baseVersion: number;
  draftStamp: string;
  result?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: "section-picture",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const imageErrors = result?.error?.image ?? undefined;
  return (
    <section aria-labelledby="picture-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="picture-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ImagePlus aria-hidden="true" className="size-5" />
        {what === "coach" ? "Coach photo" : "School logo"}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        {...getFormProps(form)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="image" />
        <DraftVersionFields baseVersion={baseVersion} draftStamp={draftStamp} />
        <div className="sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
        <SelectField
          field={fields.target}
          label={what === "coach" ? "Coach" : "School"}
          placeholder={what === "coach" ? "Choose a coach" : "Choose a school"}
          options={targets.map((target) => ({ value: target.slug, label: target.name }))}
          required
        />
        <Field>
          <FieldLabel htmlFor="picture-file" required>
            Picture
          </FieldLabel>
          <input
            id="picture-file"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-invalid={imageErrors ? true : undefined}
            aria-describedby={imageErrors ? "picture-file-error" : "picture-file-hint"}
            className="text-sm"
          />
          <FieldDescription id="picture-file-hint">JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.</FieldDescription>
          <FieldError id="picture-file-error" errors={imageErrors} />
        </Field>
        <TextField
          field={fields.alt}
          label="Alt text"
          required
          maxLength={MAX_ALT_CHARS + 20}
          autoComplete="off"
          hint="What the picture shows, for someone who cannot see it."
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <PendingButton pending={pending} variant="outline" icon={<Upload aria-hidden="true" />}>
            Upload into the draft
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}

/**
 * The order the page shows the section's items in: Move up and Move down are real forms (keyboard and no
 * JavaScript alike), as on Manage Products; each move is saved into the draft.
 */
function OrderList({
  action,
  items,
  baseVersion,
  draftStamp,
}: {
  action: string;
  items: string[];
  baseVersion: number;
  draftStamp: string;
}) {
  const navigation = useNavigation();
  const moving = navigation.state === "submitting" && navigation.formData?.get("intent") === "move";
  return (
    <section aria-labelledby="order-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="order-heading" className="text-lg font-semibold">
        Order on the page
      </h2>
      <ol className="grid gap-2" aria-busy={moving}>
        {items.map((name, index) => (
          <li
            key={`${index}-${name}`}
            className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <span>
              <span className="text-muted-foreground">{index + 1}.</span> {name}
            </span>
            <span className="flex gap-1">
              {(["up", "down"] as const).map((direction) => {
                const disabled = direction === "up" ? index === 0 : index === items.length - 1;
                return (
                  <Form key={direction} method="post" action={action}>
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="index" value={index} />
                    <input type="hidden" name="direction" value={direction} />
                    <DraftVersionFields baseVersion={baseVersion} draftStamp={draftStamp} />
                    <Button
                      type="submit"
                      size="icon"
                      variant="outline"
                      disabled={disabled || moving}
                      aria-label={`Move ${name} ${direction}`}
                      title={direction === "up" ? "Move up" : "Move down"}
                    >
                      {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
                    </Button>
                  </Form>
                );
              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
