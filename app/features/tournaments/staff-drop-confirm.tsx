import { Form, useNavigation } from "react-router";
import { formatCents } from "~/core/format";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { LinkButton } from "~/ui/link-button";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import type { StaffDropAnswer } from "./staff-drop-answer";

/**
 * The confirmation of a roster Drop (decision 0050), under its entry: the policy's amount today and what is left of
 * the fee, staff's choice of the refund (the policy's amount by default, all of it, or none), a reason for the
 * family's refund email, then Confirm drop or Keep the entry. A plain form post, so it works without JavaScript.
 */
export function StaffDropConfirm({ drop, error }: { drop: StaffDropAnswer; error: string | null }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "drop" &&
    navigation.formData.get("confirm") === "yes";
  const id = `drop-${drop.orderId}`;
  // The policy's amount first (the default), then all that is left when it is more, then nothing; a policy that
  // refunds nothing today is the "Nothing" choice itself.
  const choices: Array<{ value: "policy" | "whole" | "none"; label: string }> = [
    ...(drop.policyCents > 0
      ? [{ value: "policy" as const, label: `The policy's amount: ${formatCents(drop.policyCents)}` }]
      : []),
    ...(drop.wholeCents > drop.policyCents
      ? [{ value: "whole" as const, label: `All that is left of the fee: ${formatCents(drop.wholeCents)}` }]
      : []),
    { value: "none", label: drop.policyCents > 0 ? "Nothing" : "Nothing (the policy's amount today)" },
  ];
  const byPolicy = drop.policyCents > 0 ? "policy" : "none";
  return (
    <div className="grid gap-3 rounded-lg border border-border p-3 text-left" data-testid="staff-drop-confirm">
      <Notice tone="info" title={`Drop ${drop.student} from ${drop.event}?`}>
        <p className="mt-1">{drop.policy}</p>
        <p className="mt-1">The place is freed at once; the family and the staff inbox are emailed.</p>
      </Notice>
      {error ? <Notice tone="error" title={error} /> : null}
      <Form method="post" preventScrollReset className="grid gap-3">
        <input type="hidden" name="intent" value="drop" />
        <input type="hidden" name="confirm" value="yes" />
        <input type="hidden" name="orderId" value={drop.orderId} />
        <input type="hidden" name="policyCents" value={String(drop.policyCents)} />
        <input type="hidden" name="wholeCents" value={String(drop.wholeCents)} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold text-navy-900">Refund</legend>
          {choices.map((choice) => (
            <div key={choice.value} className="flex items-center gap-2">
              <input
                type="radio"
                id={`${id}-${choice.value}`}
                name="refund"
                value={choice.value}
                defaultChecked={choice.value === byPolicy}
                className="size-5"
              />
              <Label htmlFor={`${id}-${choice.value}`}>{choice.label}</Label>
            </div>
          ))}
        </fieldset>
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor={`${id}-reason`}>Reason (optional, kept with the refund)</Label>
          <Input id={`${id}-reason`} name="reason" maxLength={500} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <PendingButton pending={pending} pendingText="Dropping…" variant="destructive">
            Confirm drop
          </PendingButton>
          <LinkButton to="." preventScrollReset variant="outline">
            Keep the entry
          </LinkButton>
        </div>
      </Form>
    </div>
  );
}
