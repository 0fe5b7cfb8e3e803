import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { cn } from "~/ui/cn";
import { passwordMessages, passwordProblems } from "./password-policy";

/** The policy's messages for what the user has typed so far (docs/product.md#5-validation-rules). */
export function PasswordHints({ id, password, shortName }: { id: string; password: string; shortName: string }) {
  const problems = password ? passwordProblems(password, shortName) : [];
  return (
    <ul id={id} aria-live="polite" className={cn("gap-1 text-sm", password ? "grid" : "hidden")}>
      {password && problems.length === 0 ? (
        <li className="flex items-center gap-1.5 font-medium text-success">
          <CircleCheck className="size-4" aria-hidden="true" /> Strong password.
        </li>
      ) : (
        problems.map((problem) => (
          <li key={problem} className="flex items-center gap-1.5 text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" /> {problem}
          </li>
        ))
      )}
    </ul>
  );
}

/**
 * A new password (name "password") with the policy's live messages under it,
 * and with `confirmId`, its confirmation (name "confirmPassword") with docs/product.md's
 * mismatch message once something is typed there.
 */
export function NewPasswordField({
  id,
  label,
  shortName,
  required,
  confirmId,
}: {
  id: string;
  label: string;
  shortName: string;
  required?: boolean;
  confirmId?: string;
}) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const mismatch = confirmation !== "" && confirmation !== password;
  return (
    <>
      <Field>
        <FieldLabel htmlFor={id} required={required}>
          {label}
        </FieldLabel>
        <Input
          id={id}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={`${id}-hints`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordHints id={`${id}-hints`} password={password} shortName={shortName} />
      </Field>
      {confirmId ? (
        <Field>
          <FieldLabel htmlFor={confirmId}>Confirm {label}</FieldLabel>
          <Input
            id={confirmId}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch || undefined}
            aria-describedby={`${confirmId}-error`}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <p
            id={`${confirmId}-error`}
            aria-live="polite"
            className={cn("text-sm text-destructive", !mismatch && "hidden")}
          >
            {mismatch ? passwordMessages.mismatch : null}
          </p>
        </Field>
      ) : null}
    </>
  );
}
