import { KeyRound, LogIn } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Card } from "~/ui/card";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { PendingButton } from "~/ui/pending-button";
import { DialogLink } from "~/ui/dialog-link";
import { UrlDialog, useUrlDialog } from "~/ui/url-dialog";
import { NoticeBox } from "~/ui/notice-box";
import { NewPasswordField } from "../form-parts";
import type { Notice } from "../notices";

export type AuthResult = {
  intent: "sign-in" | "forgot" | "set-password" | "verify-code";
  notice: Notice;
  email?: string;
};

export function SubmitButton({ intent, children }: { intent: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <PendingButton pending={busy} name="intent" value={intent} className="w-full">
      {children}
    </PendingButton>
  );
}

export function Shell({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">{title}</h1>
        <p className="text-muted-foreground">{lead}</p>
      </div>
      <Card>{children}</Card>
    </div>
  );
}

/** The search parameter of the Forgot your password? dialog (decision 0032). */
const FORGOT_PARAM = "forgot";

/** Sign in, with the Forgot your password? dialog (a screen of its own without JavaScript: ?forgot=1). */
export function SignInScreen({ result, redirectTo }: { result: AuthResult | undefined; redirectTo: string | null }) {
  // The reset form posts to this address, ?forgot=1 included: its reply is shown where the form is, which stays open.
  const forgot = useUrlDialog(FORGOT_PARAM, "caller");

  if (forgot.mode === "section") {
    return (
      <Shell title="Reset your password" lead="We will email you a link to set a new password.">
        <ForgotForm result={result} />
        <Link to="/auth" className="text-center text-sm font-semibold text-navy-700 underline underline-offset-4">
          Back to sign in
        </Link>
      </Shell>
    );
  }

  return (
    <Shell title="Sign In" lead="For district staff and coaches with an account.">
      <Form method="post" className="grid gap-4" aria-label="Sign in">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <NoticeBox notice={result?.intent === "sign-in" ? result.notice : null} />
        <Field>
          <FieldLabel htmlFor="email">Email</FieldLabel>
          <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={result?.email} />
        </Field>
        <Field>
          <FieldLabel htmlFor="password">Password</FieldLabel>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <SubmitButton intent="sign-in">
          <LogIn aria-hidden="true" />
          Sign In
        </SubmitButton>
      </Form>
      <DialogLink
        param={FORGOT_PARAM}
        className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
      >
        Forgot your password?
      </DialogLink>
      <UrlDialog
        param={FORGOT_PARAM}
        section="caller"
        title="Forgot your password?"
        description="Enter your email and we will send you a link to set a new password."
      >
        {() => <ForgotForm result={result} />}
      </UrlDialog>
    </Shell>
  );
}

function ForgotForm({ result }: { result: AuthResult | undefined }) {
  return (
    <Form method="post" className="grid gap-4" aria-label="Request a password reset">
      <NoticeBox notice={result?.intent === "forgot" ? result.notice : null} />
      <Field>
        <FieldLabel htmlFor="reset-email">Email</FieldLabel>
        <Input id="reset-email" name="email" type="email" autoComplete="email" required defaultValue={result?.email} />
      </Field>
      <SubmitButton intent="forgot">
        <KeyRound aria-hidden="true" />
        Send Reset Link
      </SubmitButton>
    </Form>
  );
}

/** Set New Password: reached from the emailed link (reset=true and a token). */
export function SetPasswordScreen({
  result,
  token,
  tokenValid,
  shortName,
}: {
  result: AuthResult | undefined;
  token: string | null;
  tokenValid: boolean;
  shortName: string;
}) {
  if (!token || !tokenValid) {
    return (
      <Shell title="Set New Password" lead="Choose a new password for your account.">
        <NoticeBox
          notice={{
            type: "error",
            title: "Password Update Error",
            description:
              "This reset link is invalid or has expired. Please request a new one with Forgot your password?",
          }}
        />
        <Link
          to="/auth?forgot=1"
          className="text-center text-sm font-semibold text-navy-700 underline underline-offset-4"
        >
          Forgot your password?
        </Link>
      </Shell>
    );
  }
  return (
    <Shell title="Set New Password" lead="Choose a new password for your account.">
      <Form method="post" className="grid gap-4" aria-label="Set new password">
        <input type="hidden" name="token" value={token} />
        <NoticeBox notice={result?.intent === "set-password" ? result.notice : null} />
        <NewPasswordField id="new-password" label="New Password" shortName={shortName} confirmId="confirm-password" />
        <SubmitButton intent="set-password">Update Password</SubmitButton>
      </Form>
    </Shell>
  );
}
