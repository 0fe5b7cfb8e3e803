import { Form, Link, useNavigation } from "react-router";
import { NewPasswordField } from "~/features/accounts/form-parts";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { COACH_NAME_MAX } from "./schema";

/** What the invitation page knows of its link (dates written for people). */
export type InvitationView =
  { kind: "open"; email: string; schools: string[]; expires: string } | { kind: "closed"; message: string };

/** The invitation's page (decision 0054): the coach sets a name and password; a refusal is said above the form. */
export function AcceptInvitationPage({
  invitation,
  error,
  shortName,
}: {
  invitation: InvitationView;
  error: string | null;
  shortName: string;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <section className="mx-auto grid w-full max-w-lg gap-6 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">Coach invitation</h1>
      {invitation.kind === "closed" ? (
        <Notice tone="error" title="This link cannot be used">
          <p className="text-navy-900">{invitation.message}</p>
          <p className="mt-2">
            <Link to="/auth" className="underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </Notice>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle level={2}>Set your name and password</CardTitle>
            <p className="text-sm text-muted-foreground">
              You are invited to coach <strong>{invitation.schools.join(", ")}</strong> as {invitation.email}. The link
              works once, until {invitation.expires}.
            </p>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-4" noValidate aria-label="Accept the invitation">
              {error ? (
                <Notice tone="error" title="Not saved">
                  <p className="text-navy-900">{error}</p>
                </Notice>
              ) : null}
              <Field>
                <FieldLabel htmlFor="coach-name" required>
                  Your name
                </FieldLabel>
                <Input id="coach-name" name="name" autoComplete="name" required maxLength={COACH_NAME_MAX} />
              </Field>
              <NewPasswordField
                id="coach-password"
                label="Password"
                shortName={shortName}
                required
                confirmId="coach-password-again"
              />
              <PendingButton pending={pending}>Create my account</PendingButton>
            </Form>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
