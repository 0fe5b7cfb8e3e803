import { ShieldCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Shell, SubmitButton, type AuthResult } from "./auth-screen";
import { NoticeBox } from "~/ui/notice-box";
import type { Notice } from "../notices";
import { twoFactorNotices } from "./two-factor-notices";

/** The sign-in's second step: a code from the authenticator app, or a recovery code. A plain form. */
export function CodeScreen({ result, redirectTo }: { result: AuthResult | undefined; redirectTo: string | null }) {
  return (
    <Shell title="Two-Factor Sign-In" lead="Enter the 6-digit code from your authenticator app.">
      <Form method="post" className="grid gap-4" aria-label="Verification code">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <NoticeBox notice={result?.intent === "verify-code" ? result.notice : null} />
        <Field>
          <FieldLabel htmlFor="code">Verification code</FieldLabel>
          <Input
            id="code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            maxLength={32}
            required
            aria-describedby="code-hint"
          />
          <p id="code-hint" className="text-sm text-muted-foreground">
            Lost your device? Enter one of your recovery codes instead, or ask another admin to reset your two-factor
            sign-in.
          </p>
        </Field>
        <div className="flex items-center gap-3">
          <Checkbox id="trust-device" name="trustDevice" />
          <label htmlFor="trust-device" className="text-sm">
            Trust this browser for 30 days
          </label>
        </div>
        <SubmitButton intent="verify-code">
          <ShieldCheck aria-hidden="true" />
          Verify
        </SubmitButton>
      </Form>
      <Link to="/auth" className="text-center text-sm font-semibold text-navy-700 underline underline-offset-4">
        Start again with your password
      </Link>
    </Shell>
  );
}

export type TwoFactorSetupData =
  | { intent: "2fa-start"; ok: true; secret: string; uri: string; backupCodes: string[] }
  | { intent: "2fa-start" | "2fa-confirm"; ok: false; notice: Notice; secret?: string; uri?: string };

/**
 * The profile's two-factor section: off (set up: password, then the app's
 * first code) or on. Every step is a plain form; the secret and recovery
 * codes are shown once, in the answer to the password step.
 */
export function TwoFactorSection({
  enabled,
  required,
  asked,
  result,
  page = "/admin/profile",
}: {
  enabled: boolean;
  required: boolean;
  asked: boolean;
  result: TwoFactorSetupData | undefined;
  /** The account page the forms post to (a coach's is /coach/account: decision 0054). */
  page?: string;
}) {
  const started = result && (result.ok || result.intent === "2fa-confirm") && result.uri ? result : null;
  return (
    <Card className="max-w-3xl" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title">Two-Factor Sign-In</CardTitle>
        <CardDescription>
          {enabled
            ? "On: signing in asks for a code from your authenticator app (or a recovery code)."
            : "Signing in also asks for a 6-digit code from an authenticator app on your phone."}
        </CardDescription>
      </CardHeader>
      {enabled ? (
        <p className="text-sm">
          <Badge variant="secondary">On</Badge> Lost your device? Sign in with a recovery code, or ask another admin to
          reset it.
        </p>
      ) : (
        <div className="grid gap-4">
          {required || asked ? <NoticeBox notice={required ? twoFactorNotices.setupRequired : null} /> : null}
          <NoticeBox notice={result && !result.ok ? result.notice : null} />
          {started ? (
            <>
              <ol className="grid list-decimal gap-2 pl-5 text-sm">
                <li>
                  In your authenticator app, add an account with this key:{" "}
                  <code className="break-all rounded bg-muted px-1 py-0.5 font-mono">{started.secret}</code> (or open{" "}
                  <a href={started.uri} className="font-semibold underline underline-offset-4">
                    this setup link
                  </a>{" "}
                  on your phone).
                </li>
                {started.ok ? (
                  <li>
                    Keep these recovery codes somewhere safe; each signs you in once if you lose your phone. They are
                    shown only now.
                    <ul className="mt-2 grid grid-cols-2 gap-1 font-mono" aria-label="Recovery codes">
                      {started.backupCodes.map((code) => (
                        <li key={code}>{code}</li>
                      ))}
                    </ul>
                  </li>
                ) : null}
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <Form method="post" action={page} className="grid gap-4" aria-label="Confirm two-factor sign-in">
                <input type="hidden" name="secret" value={started.secret} />
                <input type="hidden" name="uri" value={started.uri} />
                <Field>
                  <FieldLabel htmlFor="setup-code">Code from the app</FieldLabel>
                  <Input
                    id="setup-code"
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={7}
                    required
                  />
                </Field>
                <SubmitButton intent="2fa-confirm">Turn On Two-Factor Sign-In</SubmitButton>
              </Form>
            </>
          ) : (
            <Form method="post" action={page} className="grid gap-4" aria-label="Set up two-factor sign-in">
              <Field>
                <FieldLabel htmlFor="setup-password">Your password</FieldLabel>
                <Input id="setup-password" name="password" type="password" autoComplete="current-password" required />
              </Field>
              <SubmitButton intent="2fa-start">Set Up Two-Factor Sign-In</SubmitButton>
            </Form>
          )}
        </div>
      )}
    </Card>
  );
}
