import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { ExternalLink, Megaphone, Pencil, Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { DashboardHeader, EmptyState, stackedTable } from "~/ui/dashboard";
import { FormDialog } from "~/ui/dialog";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { LinkButton } from "~/ui/link-button";
import { Spinner } from "~/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { Textarea } from "~/ui/textarea";
import { useHydrated } from "~/ui/use-hydrated";
import type { ProductImageSources } from "~/features/products/product-image";
import { campaignLimits, campaignSchema, type CampaignPhase } from "./campaign-form";

export type AdminCampaignItem = {
  id: string;
  slug: string;
  name: string;
  story: string;
  goal: string;
  /** The goal as the form shows it ("5000.00"). */
  goalInput: string;
  raised: string;
  donors: number;
  startsOn: string;
  endsOn: string;
  dates: string;
  phase: CampaignPhase;
  image: ProductImageSources | null;
};

/** What the action answers when it does not redirect: the form's messages, or one notice. */
export type CampaignActionData = { result?: SubmissionResult<string[]>; message?: string };

const PAGE = "/admin/campaigns";

const phaseBadge: Record<CampaignPhase, { label: string; variant: "success" | "secondary" | "outline" }> = {
  open: { label: "Open", variant: "success" },
  upcoming: { label: "Upcoming", variant: "secondary" },
  ended: { label: "Ended", variant: "outline" },
};

/**
 * Campaigns in the admin (decision 0035). The form and the delete
 * confirmation open from the address (?new=1, ?edit=<id>, ?delete=<id>):
 * without JavaScript they are sections of the page, with it the same
 * sections in a dialog; closing one goes back to the list's address.
 */
export function CampaignManagement({
  campaigns,
  loadFailed,
  open,
  editId,
  deleteId,
  result,
}: {
  campaigns: AdminCampaignItem[];
  loadFailed: boolean;
  open: { kind: "new" } | null;
  editId: string | null;
  deleteId: string | null;
  result?: CampaignActionData;
}) {
  const editing = editId ? (campaigns.find((campaign) => campaign.id === editId) ?? null) : null;
  const deleting = deleteId ? (campaigns.find((campaign) => campaign.id === deleteId) ?? null) : null;
  return (
    <div className="grid gap-6">
      <DashboardHeader title="Campaigns" description="Fundraising drives with a goal, shown above the donation form while they run.">
        <LinkButton to={`${PAGE}?new=1`} preventScrollReset>
          <Plus aria-hidden="true" />
          Add Campaign
        </LinkButton>
      </DashboardHeader>
      {result?.message && !result.result ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
          {result.message}
        </p>
      ) : null}
      {open ? (
        <UrlDialog title="Add Campaign" description="It shows above the donation form while its dates include today.">
          {(cancel) => <CampaignForm key="new" action={`${PAGE}?new=1`} result={result?.result} cancel={cancel} />}
        </UrlDialog>
      ) : null}
      {editing ? (
        <UrlDialog title="Edit Campaign" description={`Gifts already given stay with “${editing.name}”.`}>
          {(cancel) => <CampaignForm key={editing.id} action={`${PAGE}?edit=${editing.id}`} campaign={editing} result={result?.result} cancel={cancel} />}
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog title="Delete Campaign" description={`Delete “${deleting.name}”? A campaign that has gifts stays in the records; change its last day to end it.`}>
          {(cancel) => (
            <Form method="post" action={`${PAGE}?delete=${deleting.id}`} className="flex flex-wrap justify-end gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={deleting.id} />
              {cancel}
              <Button type="submit" variant="destructive" size="lg">
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </Form>
          )}
        </UrlDialog>
      ) : null}
      {loadFailed ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
          Failed to load campaigns. Please reload the page.
        </p>
      ) : campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p>A campaign gives donors a goal to reach together, with a progress bar on the Donate page.</p>
          <LinkButton to={`${PAGE}?new=1`} variant="outline" preventScrollReset>
            <Megaphone aria-hidden="true" />
            Add Your First Campaign
          </LinkButton>
        </EmptyState>
      ) : (
        <CampaignTable campaigns={campaigns} />
      )}
    </div>
  );
}

function CampaignTable({ campaigns }: { campaigns: AdminCampaignItem[] }) {
  return (
    <Table className={stackedTable} aria-label="Campaigns">
      <TableHeader>
        <TableRow>
          <TableHead>Campaign</TableHead>
          <TableHead>Dates</TableHead>
          <TableHead className="text-right">Goal</TableHead>
          <TableHead className="text-right">Raised</TableHead>
          <TableHead className="text-right">Donors</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {campaigns.map((campaign) => (
          <TableRow key={campaign.id}>
            <TableCell data-label="Campaign">
              <span className="flex items-center gap-3">
                {campaign.image ? <img src={campaign.image.src} srcSet={campaign.image.srcSet} sizes="48px" alt="" className="size-12 shrink-0 rounded-md object-cover" /> : null}
                <span className="grid gap-0.5">
                  <span className="font-medium wrap-anywhere">{campaign.name}</span>
                  <a href={`/donate?campaign=${campaign.slug}`} className="inline-flex items-center gap-1 text-xs text-navy-700 underline" target="_blank" rel="noreferrer">
                    /donate?campaign={campaign.slug}
                    <ExternalLink aria-hidden="true" className="size-3" />
                  </a>
                </span>
              </span>
            </TableCell>
            <TableCell data-label="Dates" className="whitespace-nowrap">
              {campaign.dates}
            </TableCell>
            <TableCell data-label="Goal" className="tabular md:text-right">
              {campaign.goal}
            </TableCell>
            <TableCell data-label="Raised" className="font-semibold tabular md:text-right">
              {campaign.raised}
            </TableCell>
            <TableCell data-label="Donors" className="tabular md:text-right">
              {campaign.donors}
            </TableCell>
            <TableCell data-label="Status">
              <Badge variant={phaseBadge[campaign.phase].variant}>{phaseBadge[campaign.phase].label}</Badge>
            </TableCell>
            <TableCell data-label="Actions">
              <span className="flex flex-wrap gap-1">
                <LinkButton to={`${PAGE}?edit=${campaign.id}`} variant="ghost" size="sm" preventScrollReset aria-label={`Edit ${campaign.name}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </LinkButton>
                <LinkButton to={`${PAGE}?delete=${campaign.id}`} variant="ghost" size="sm" preventScrollReset aria-label={`Delete ${campaign.name}`}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </LinkButton>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A dialog whose open state is the address: it is rendered only while its
 * parameter is there. Without JavaScript it is a section of the page with a
 * Cancel link; with it, a modal whose closing navigates back to the list.
 */
function UrlDialog({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: (cancel: React.ReactNode) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <FormDialog
        open
        onOpenChange={(next) => {
          if (!next) void navigate(PAGE, { preventScrollReset: true, replace: true });
        }}
        title={title}
        description={description}
        className="sm:max-w-2xl"
      >
        {children}
      </FormDialog>
    );
  }
  return (
    <section aria-labelledby="campaign-dialog-title" className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="campaign-dialog-title" className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      <p className="mb-5 text-sm text-muted-foreground">{description}</p>
      {children(
        <Link to={PAGE} className={buttonVariants({ variant: "outline", size: "lg" })}>
          Cancel
        </Link>,
      )}
    </section>
  );
}

function CampaignForm({
  action,
  campaign,
  result,
  cancel,
}: {
  action: string;
  campaign?: AdminCampaignItem;
  result?: SubmissionResult<string[]>;
  cancel: React.ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(PAGE) === true;
  const [form, fields] = useForm({
    id: campaign ? `campaign-${campaign.id}` : "campaign-new",
    lastResult: result,
    defaultValue: campaign
      ? { name: campaign.name, slug: campaign.slug, goal: campaign.goalInput, startsOn: campaign.startsOn, endsOn: campaign.endsOn, story: campaign.story }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const imageErrors = (result?.error?.image ?? undefined) as string[] | undefined;
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: slugKey, ...slugProps } = getInputProps(fields.slug, { type: "text" });
  const { key: goalKey, ...goalProps } = getInputProps(fields.goal, { type: "text" });
  const { key: startKey, ...startProps } = getInputProps(fields.startsOn, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.endsOn, { type: "date" });
  const { key: storyKey, ...storyProps } = getTextareaProps(fields.story);
  return (
    <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} className="grid gap-5" aria-busy={saving}>
      <input type="hidden" name="intent" value="save" />
      {campaign ? <input type="hidden" name="id" value={campaign.id} /> : null}
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      <Field>
        <FieldLabel htmlFor={fields.name.id} required>
          Name
        </FieldLabel>
        <Input key={nameKey} {...nameProps} maxLength={campaignLimits.name} autoComplete="off" />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={fields.slug.id}>Address</FieldLabel>
        <Input key={slugKey} {...slugProps} maxLength={campaignLimits.slug} autoComplete="off" placeholder="spring-drive" />
        <FieldDescription id={`${fields.slug.id}-hint`}>/donate?campaign=… Left empty, it is made from the name.</FieldDescription>
        <FieldError id={fields.slug.errorId} errors={fields.slug.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={fields.goal.id} required>
          Goal (USD)
        </FieldLabel>
        <Input key={goalKey} {...goalProps} inputMode="decimal" autoComplete="off" placeholder="5000" className="tabular" />
        <FieldError id={fields.goal.errorId} errors={fields.goal.errors} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor={fields.startsOn.id} required>
            First day
          </FieldLabel>
          <Input key={startKey} {...startProps} />
          <FieldError id={fields.startsOn.errorId} errors={fields.startsOn.errors} />
        </Field>
        <Field>
          <FieldLabel htmlFor={fields.endsOn.id} required>
            Last day
          </FieldLabel>
          <Input key={endKey} {...endProps} />
          <FieldError id={fields.endsOn.errorId} errors={fields.endsOn.errors} />
        </Field>
      </div>
      <Field>
        <FieldLabel htmlFor={fields.story.id} required>
          Story
        </FieldLabel>
        <Textarea key={storyKey} {...storyProps} rows={5} maxLength={campaignLimits.story} />
        <FieldDescription>What the money is for, in a few sentences. Shown as plain text.</FieldDescription>
        <FieldError id={fields.story.errorId} errors={fields.story.errors} />
      </Field>
      <Field>
        <FieldLabel htmlFor={`${form.id}-image`}>Image</FieldLabel>
        <Input id={`${form.id}-image`} name="image" type="file" accept="image/jpeg,image/png,image/gif,image/webp,image/avif" aria-invalid={imageErrors?.length ? true : undefined} />
        <FieldDescription>JPEG, PNG, GIF, WebP or AVIF, up to 5 MB.</FieldDescription>
        <FieldError errors={imageErrors} />
      </Field>
      {campaign?.image ? (
        <label htmlFor={`${form.id}-remove-image`} className="flex items-center gap-2 text-sm">
          <Checkbox id={`${form.id}-remove-image`} name="removeImage" />
          Remove the current image
        </label>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? <Spinner label="Saving" /> : null}
          {campaign ? "Save Changes" : "Create Campaign"}
        </Button>
      </div>
    </Form>
  );
}
