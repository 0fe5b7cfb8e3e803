import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { type FormAnswer, FormAnswerNotice } from "./form-answer";
import { describeRefundPolicy, type RefundPolicy, type RefundPolicyField } from "./refund-policy";

/**
 * A tournament's refund policy for drops (decision 0048): the whole fee until a day (empty: registration's closing
 * day), then a set amount (empty: nothing). A plain form post; the server checks it (refund-policy.ts) and answers
 * at the field.
 */
export function RefundPolicyForm({
  policy,
  closesOn,
  date,
  answer,
  field,
}: {
  policy: RefundPolicy;
  /** Registration's last day, the full refund's default end. */
  closesOn: string;
  /** The tournament's day: the full refund ends by it. */
  date: string;
  answer: FormAnswer | null;
  /** The field the server refused, if any. */
  field: RefundPolicyField | null;
}) {
  const error = (name: RefundPolicyField) => (field === name && answer?.error ? answer.error : null);
  return (
    <Form method="post" className="grid gap-5 rounded-card border border-border bg-card p-4 sm:p-6">
      <input type="hidden" name="intent" value="refund-policy" />
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-navy-900">Refunds when a family drops</h2>
        <p className="text-sm text-muted-foreground" data-testid="refund-policy-now">
          Families read: {describeRefundPolicy(policy, closesOn)}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel htmlFor="refundFullUntil">Whole fee refunded until</FieldLabel>
          <Input
            id="refundFullUntil"
            name="refundFullUntil"
            type="date"
            max={date}
            defaultValue={policy.refundFullUntil ?? ""}
            aria-invalid={error("refundFullUntil") ? true : undefined}
            aria-describedby="refundFullUntil-hint refundFullUntil-error"
          />
          <FieldDescription id="refundFullUntil-hint">
            Empty: the last day to register. New York time, this day included.
          </FieldDescription>
          <FieldError id="refundFullUntil-error" errors={error("refundFullUntil")} />
        </Field>
        <Field>
          <FieldLabel htmlFor="refundAfter">Refunded after that day ($)</FieldLabel>
          <Input
            id="refundAfter"
            name="refundAfter"
            inputMode="decimal"
            placeholder="Nothing"
            defaultValue={policy.refundAfterCents === null ? "" : (policy.refundAfterCents / 100).toFixed(2)}
            aria-invalid={error("refundAfter") ? true : undefined}
            aria-describedby="refundAfter-hint refundAfter-error"
          />
          <FieldDescription id="refundAfter-hint">
            Empty: nothing. At most the entry fee; never more than is left of what the family paid.
          </FieldDescription>
          <FieldError id="refundAfter-error" errors={error("refundAfter")} />
        </Field>
      </div>
      {field ? null : <FormAnswerNotice answer={answer} />}
      <div>
        <Button type="submit">Save refund policy</Button>
      </div>
    </Form>
  );
}
