import type * as React from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "./badge";
import { Button, type ButtonProps } from "./button";

/*
 * The admin lists of things that went wrong and wait for staff (undelivered mail, payments no order could
 * take): one card a problem with its title, who it concerns, a state badge, its details and row actions, each
 * action a plain form post so it works without JavaScript.
 */

export function ProblemList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {children}
    </ul>
  );
}

export function ProblemCard({
  title,
  subtitle,
  badge,
  children,
}: {
  title: string;
  subtitle: string;
  badge: { variant: React.ComponentProps<typeof Badge>["variant"]; text: string };
  children: React.ReactNode;
}) {
  return (
    <li className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-semibold break-words text-navy-900">{title}</p>
          <p className="text-sm break-all text-muted-foreground">{subtitle}</p>
        </div>
        <Badge variant={badge.variant}>{badge.text}</Badge>
      </div>
      {children}
    </li>
  );
}

/** A problem's facts as label/value rows; a row whose value is null or false is left out. */
export function ProblemDetails({
  rows,
}: {
  rows: readonly (readonly [label: string, value: React.ReactNode, className?: string] | null | false)[];
}) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map((row) =>
        row ? (
          <ProblemDetail key={row[0]} label={row[0]} className={row[2]}>
            {row[1]}
          </ProblemDetail>
        ) : null,
      )}
    </dl>
  );
}

function ProblemDetail({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <dt className="font-semibold text-muted-foreground">{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/**
 * One row action: a form posting `intent` and the problem's `id`; its button is disabled while a post for the
 * same problem is under way. `label` is what the button says, `subject` the problem it names to a screen reader.
 */
export function ProblemAction({
  id,
  intent,
  icon,
  label,
  subject,
  variant,
  className,
}: {
  id: string;
  intent: string;
  icon: React.ReactNode;
  label: string;
  subject: string;
  variant?: ButtonProps["variant"];
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {icon}
        {label}
        <span className="sr-only">: {subject}</span>
      </Button>
    </Form>
  );
}
