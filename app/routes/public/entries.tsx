import { CircleAlert, CircleCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { HoneypotField } from "~/ui/honeypot-field";
import { Field, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { handleResend } from "~/features/entry-changes/resend.server";
import { PageHeader, Section } from "~/features/shell/page-header";
import { pageMeta } from "~/features/shell/meta";
import type { Route } from "./+types/entries";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Your tournament entries",
    description: "Get the private link to your tournament entries again by email.",
    path: "/entries",
  });

/** "Send my link again" (decision 0047): the same answer whatever the address. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleResend(request, context);
}

export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function EntriesResend({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.status === "invalid" ? actionData.result.error?.email : undefined;
  // A refused address stays in the field to be corrected, not typed again.
  const typed = actionData?.status === "invalid" ? actionData.result.initialValue?.email : undefined;
  return (
    <>
      <PageHeader
        eyebrow="Tournaments"
        title="Your tournament entries"
        lead="Each paid registration has a private link where you can see its entries and change them until registration closes."
      />
      <Section className="max-w-2xl">
        <div className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-8">
          <h2 className="mb-2 text-xl font-bold text-navy-900">Send my link again</h2>
          <p className="mb-5 text-sm text-stone-700">
            Type the email address you paid with. We send the links only to that address.
          </p>
          {actionData?.status === "sent" ? (
            <Notice tone="success" icon={CircleCheck} title={actionData.message} className="mb-5" />
          ) : actionData?.status === "error" ? (
            <Notice tone="error" icon={CircleAlert} title={actionData.message} className="mb-5" />
          ) : null}
          <Form method="post" className="relative grid gap-4" noValidate>
            <HoneypotField formId="entries-resend" />
            <Field>
              <FieldLabel htmlFor="resend-email" required>
                Email address
              </FieldLabel>
              <Input
                id="resend-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={typeof typed === "string" ? typed : undefined}
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? "resend-email-error" : undefined}
              />
              <FieldError id="resend-email-error" errors={errors} />
            </Field>
            <div>
              <PendingButton pending={navigation.state === "submitting"} size="lg">
                Email me my links
              </PendingButton>
            </div>
          </Form>
        </div>
      </Section>
    </>
  );
}
