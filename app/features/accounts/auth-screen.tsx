import { KeyRound, LogIn } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { useHydrated } from "~/ui/use-hydrated";
import { NoticeBox } from "~/ui/notice";
import { NewPasswordField } from "./form-parts";
import type { Notice } from "./notices";

export type AuthResult = { intent: "sign-in" | "forgot" | "set-password" | "verify-code"; notice: Notice; email?: string };

export function SubmitButton({ intent, children }: { intent: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} className="w-full" disabled={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
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

/** Sign in, with the Forgot your password? dialog (a page of its own without JavaScript). */
export function SignInScreen({
  result,
  redirectTo,
  forgotOpen,
}: {
  result: AuthResult | undefined;
  redirectTo: string | null;
  forgotOpen: boolean;
}) {
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  // A reply to the reset form is shown in the dialog, so it stays open for it.
  const [shownResult, setShownResult] = useState(result);
  if (result !== shownResult) {
    setShownResult(result);
    if (result?.intent === "forgot") setDialogOpen(true);
  }

  if (forgotOpen && !hydrated) {
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
      <Link
        to="?forgot=1"
        className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setDialogOpen(true);
        }}
      >
        Forgot your password?
      </Link>
      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Forgot your password?</DialogTitle>
            <DialogDescription>Enter your email and we will send you a link to set a new password.</DialogDescription>
          </DialogHeader>
          <ForgotForm result={result} />
        </DialogContent>
      </Dialog>
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
            description: "This reset link is invalid or has expired. Please request a new one with Forgot your password?",
          }}
        />
        <Link to="/auth?forgot=1" className="text-center text-sm font-semibold text-navy-700 underline underline-offset-4">
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
