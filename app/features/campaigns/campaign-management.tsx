import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Megaphone, Pencil, Plus, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { cn } from "~/ui/cn";
import { FormError, TextareaField, TextField } from "~/ui/conform-fields";
import { DashboardHeader, EmptyState, stackedTable } from "~/ui/dashboard";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { useActionResult } from "~/ui/use-action-result";
import { DialogLink } from "~/ui/dialog-link";
import { UrlDialog } from "~/ui/url-dialog";
import type { ProductImageSources } from "~/features/products/images/product-image";
import { campaignLimits, campaignSchema } from "./campaign-form";
import type { CampaignPhase } from "./campaign-progress";

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

/** The dialogs' parameters (decision 0032): ?new=1, ?edit=<id>, ?delete=<id>. */
export const CAMPAIGN_DIALOG_PARAMS = ["new", "edit", "delete"] as const;

const phaseBadge: Record<CampaignPhase, { label: string; variant: "success" | "secondary" | "outline" }> = {
  open: { label: "Open", variant: "success" },
  upcoming: { label: "Upcoming", variant: "secondary" },
  ended: { label: "Ended", variant: "outline" },
};

/**
 * Campaigns in the admin (decision 0035). The form and the delete
 * confirmation open from the address (decision 0032): without JavaScript
 * they are sections of the page, with it the same sections in a dialog. A
 * save or a deletion redirects to the list with its notice, which closes them.
 */
export function CampaignManagement({
  campaigns,
  loadFailed,
  result,
}: {
  campaigns: AdminCampaignItem[];
  loadFailed: boolean;
  result?: CampaignActionData;
}) {
  const find = (id: string) => campaigns.find((campaign) => campaign.id === id) ?? null;
  // A refusal that no field explains (a body too large, an unexpected request): inline without JavaScript, a toast with it.
  const { notice } = useActionResult(result, {
    read: (answer) => ({
      ok: false,
      notice:
        answer.message && !answer.result ? { type: "error", title: "Not saved", description: answer.message } : null,
    }),
  });
  return (
    <div className="grid gap-6">
      <DashboardHeader
        title="Campaigns"
        description="Fundraising drives with a goal, shown above the donation form while they run."
      >
        <DialogLink param="new" hash="campaign-new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Add Campaign
        </DialogLink>
      </DashboardHeader>
      <NoticeBox notice={notice} />
      <UrlDialog
        param="new"
        id="campaign-new"
        title="Add Campaign"
        description="It shows above the donation form while its dates include today."
        className="sm:max-w-2xl"
      >
        {({ cancel }) => (
          <CampaignForm key="new" action="/admin/campaigns?new=1" result={result?.result} cancel={cancel} />
        )}
      </UrlDialog>
      <UrlDialog
        param="edit"
        id="campaign-edit"
        resolve={find}
        title="Edit Campaign"
        description={(campaign) => `Gifts already given stay with “${campaign.name}”.`}
        className="sm:max-w-2xl"
      >
        {({ item, cancel }) => (
          <CampaignForm
            key={item.id}
            action={`/admin/campaigns?edit=${item.id}`}
            campaign={item}
            result={result?.result}
            cancel={cancel}
          />
        )}
      </UrlDialog>
      <UrlDialog
        param="delete"
        id="campaign-delete"
        alert
        resolve={find}
        title="Delete Campaign"
        description={(campaign) =>
          `Delete “${campaign.name}”? A campaign that has gifts stays in the records; change its last day to end it.`
        }
      >
        {({ item, cancel }) => <DeleteForm campaign={item} cancel={cancel} />}
      </UrlDialog>
      {loadFailed ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-danger-soft px-4 py-3 text-sm font-medium text-destructive"
        >
          Failed to load campaigns. Please reload the page.
        </p>
      ) : campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p>A campaign gives donors a goal to reach together, with a progress bar on the Donate page.</p>
          <DialogLink param="new" hash="campaign-new" className={buttonVariants({ variant: "outline" })}>
            <Megaphone aria-hidden="true" />
            Add Your First Campaign
          </DialogLink>
        </EmptyState>
      ) : (
        <CampaignTable campaigns={campaigns} />
      )}
    </div>
  );
}

function CampaignTable({ campaigns }: { campaigns: AdminCampaignItem[] }) {
  const action = cn(buttonVariants({ variant: "ghost", size: "sm" }));
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
                {campaign.image ? (
                  <img
                    src={campaign.image.src}
                    srcSet={campaign.image.srcSet}
                    sizes="48px"
                    alt=""
                    className="size-12 shrink-0 rounded-md object-cover"
                  />
                ) : null}
                <span className="grid gap-0.5">
                  <span className="font-medium wrap-anywhere">{campaign.name}</span>
                  <a
                    href={`/donate?campaign=${campaign.slug}`}
                    className="inline-flex items-center gap-1 text-xs text-navy-700 underline wrap-anywhere"
                    target="_blank"
                    rel="noreferrer"
                  >
                    /donate?campaign={campaign.slug}
                    <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
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
                <DialogLink
                  param="edit"
                  value={campaign.id}
                  hash="campaign-edit"
                  className={action}
                  aria-label={`Edit ${campaign.name}`}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </DialogLink>
                <DialogLink
                  param="delete"
                  value={campaign.id}
                  hash="campaign-delete"
                  className={action}
                  aria-label={`Delete ${campaign.name}`}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </DialogLink>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function useSubmitting(action: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction === action;
}

function DeleteForm({ campaign, cancel }: { campaign: AdminCampaignItem; cancel: React.ReactNode }) {
  const action = `/admin/campaigns?delete=${campaign.id}`;
  const pending = useSubmitting(action);
  return (
    <Form method="post" action={action} className="flex flex-wrap justify-end gap-2">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={campaign.id} />
      {cancel}
      <PendingButton
        pending={pending}
        variant="destructive"
        size="lg"
        icon={<Trash2 aria-hidden="true" />}
        pendingLabel="Deleting"
      >
        Delete
      </PendingButton>
    </Form>
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
  const pending = useSubmitting(action);
  const [form, fields] = useForm({
    id: campaign ? `campaign-form-${campaign.id}` : "campaign-form-new",
    lastResult: result,
    defaultValue: campaign
      ? {
          name: campaign.name,
          slug: campaign.slug,
          goal: campaign.goalInput,
          startsOn: campaign.startsOn,
          endsOn: campaign.endsOn,
          story: campaign.story,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const imageErrors = result?.error?.image ?? undefined;
  const { key: startKey, ...startProps } = getInputProps(fields.startsOn, { type: "date" });
  const { key: endKey, ...endProps } = getInputProps(fields.endsOn, { type: "date" });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      {...getFormProps(form)}
      className="grid gap-5"
      aria-busy={pending}
    >
      <input type="hidden" name="intent" value="save" />
      {campaign ? <input type="hidden" name="id" value={campaign.id} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label="Name" required maxLength={campaignLimits.name + 10} autoComplete="off" />
      <TextField
        field={fields.slug}
        label="Address"
        maxLength={campaignLimits.slug + 10}
        autoComplete="off"
        placeholder="spring-drive"
        hint="/donate?campaign=… Left empty, it is made from the name."
      />
      <TextField
        field={fields.goal}
        label="Goal (USD)"
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="5000"
        className="tabular"
      />
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
      <TextareaField field={fields.story} label="Story" required rows={5} maxLength={campaignLimits.story + 10} />
      <Field>
        <FieldLabel htmlFor={`${form.id}-image`}>Image</FieldLabel>
        <Input
          id={`${form.id}-image`}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
          aria-invalid={imageErrors?.length ? true : undefined}
          aria-describedby={`${form.id}-image-hint`}
        />
        <FieldDescription id={`${form.id}-image-hint`}>JPEG, PNG, GIF, WebP or AVIF, up to 5 MB.</FieldDescription>
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
        <PendingButton pending={pending} size="lg" pendingLabel="Saving">
          {campaign ? "Save Changes" : "Create Campaign"}
        </PendingButton>
      </div>
    </Form>
  );
}
