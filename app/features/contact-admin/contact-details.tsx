import { CheckCircle2, Mail, Phone, RotateCcw } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { ContactSubmission } from "~/db/schema";
import { formatDateTime } from "~/core/format";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { Spinner } from "~/ui/spinner";
import { inquiryPurposeLabel } from "~/features/contact/inquiry-purposes";
import { callHref, replyHref } from "./contact-links";
import type { ContactStatusFilter } from "./filters";

type Row = Omit<ContactSubmission, "createdAt" | "handledAt"> & {
  createdAt: string | Date;
  handledAt: string | Date | null;
};

/**
 * One message in full. Everything is rendered as React text, so a message
 * holding markup is shown as typed, never run.
 */
export function ContactDetails({
  submission,
  status,
  siteName,
}: {
  submission: Row;
  status: ContactStatusFilter;
  siteName: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === submission.id;
  const call = callHref(submission.phone);
  const fields = [
    ["School", submission.school ?? "Not given"],
    ["Email", submission.email],
    ["Phone", submission.phone ?? "Not given"],
    ["Submitted", formatDateTime(submission.createdAt)],
    ["Inquiry", inquiryPurposeLabel(submission.inquiryPurpose)],
  ] as const;
  return (
    // grid-cols-1 (minmax(0, 1fr)): a long name, address or link in the message wraps instead of widening the page.
    <article
      aria-labelledby="contact-details-name"
      className="grid grid-cols-1 gap-4 rounded-card border border-border bg-card p-5 shadow-xs"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="contact-details-name" className="min-w-0 text-xl font-bold text-navy-900 wrap-anywhere">
          {submission.name}
        </h2>
        {submission.handledAt ? <Badge variant="success">Handled</Badge> : <Badge variant="warning">Open</Badge>}
      </header>
      <dl className="grid gap-x-4 gap-y-2 text-sm grid-cols-[max-content_minmax(0,1fr)]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="contact-details-message" className="grid gap-1">
        <h3 id="contact-details-message" className="text-sm font-semibold text-muted-foreground">
          Message
        </h3>
        <p
          className="rounded-lg bg-muted p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
          data-testid="contact-message"
        >
          {submission.comment}
        </p>
      </section>
      {submission.handledAt ? (
        <p className="text-sm text-muted-foreground">
          Handled {submission.handledBy ? `by ${submission.handledBy} ` : ""}on {formatDateTime(submission.handledAt)}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a href={replyHref(submission.email, siteName)} className={buttonVariants()}>
          <Mail aria-hidden="true" />
          Reply
        </a>
        {call ? (
          <a href={call} className={buttonVariants({ variant: "outline" })}>
            <Phone aria-hidden="true" />
            Call
          </a>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={submission.id} />
          <input type="hidden" name="status" value={status} />
          {submission.handledAt ? (
            <Button type="submit" name="intent" value="reopen" variant="ghost" disabled={busy}>
              {busy ? <Spinner label="Saving" /> : <RotateCcw aria-hidden="true" />}
              Reopen
            </Button>
          ) : (
            <Button type="submit" name="intent" value="handle" variant="secondary" disabled={busy}>
              {busy ? <Spinner label="Saving" /> : <CheckCircle2 aria-hidden="true" />}
              Mark handled
            </Button>
          )}
        </Form>
      </div>
    </article>
  );
}
