import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Heart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { flushSync } from "react-dom";
import { formatCents } from "~/core/format";
import { useLazyValidation } from "~/ui/lazy-validation";
import { buttonVariants } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { cn } from "~/ui/cn";
import { FormError, TextField } from "~/ui/conform-fields";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { HoneypotField } from "~/ui/honeypot-field";
import { PendingButton } from "~/ui/pending-button";
import { useActionResult } from "~/ui/use-action-result";
import { useHydrated } from "~/ui/use-hydrated";
import type { DonateActionData } from "./action-data";
import { acceptAmountEdit, acceptTyped, feeToCover, parseAmount, QUICK_AMOUNTS, type CardFee } from "./amount";
import { donationLimits, memorialLabels, MIN_DONATION_CENTS, type DonationRules } from "./donation-rules";
import type { DonationForm as DonationValue, DonationInput } from "./schema";

export type DonationFormConfig = DonationRules & {
  fee: CardFee;
  presetAmount: string;
  /** The open campaign shown above the form: its gifts are tagged to it (checked again by the server). */
  campaignSlug?: string | null;
};

/**
 * The donation form (docs/product.md sections 3-5). A real form posting to /donate:
 * without JavaScript the server answers with the page (messages, or the
 * summary with a plain link to pay); with JavaScript messages appear as you
 * type and the summary opens in the "Complete Your Donation" dialog.
 */
export function DonationForm({ config, actionData }: { config: DonationFormConfig; actionData?: DonateActionData }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const processing = navigation.state === "submitting" && navigation.formAction === "/donate";
  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate").then((module) => module.donationValidator(config)),
  );

  const [form, fields] = useForm<DonationInput, DonationValue>({
    id: "donation-form",
    lastResult: actionData?.result,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const typedAmount = fields.amount.initialValue;
  const [amount, setAmount] = useState<string>(typeof typedAmount === "string" ? typedAmount : config.presetAmount);
  // Typed before this part of the page hydrated (see lazyUntilUsed): React keeps what the field shows; so does the state.
  const amountField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const shown = amountField.current?.value;
    // The rule was not running then: keep each character it accepts ("1a2" keeps "12", not the preset or nothing).
    if (shown) setAmount(acceptTyped(shown));
  }, []);
  const parsed = parseAmount(amount);
  const giftCents = parsed.ok ? parsed.cents : 0;
  const showFee = giftCents >= MIN_DONATION_CENTS && giftCents <= config.maxCents;

  // One notice per failed answer (docs/product.md: an error notice; the message also stays in the form, which is all a
  // page posted without JavaScript shows).
  useActionResult(actionData, {
    busy: processing,
    read: (answer) => ({
      ok: answer.status === "ready",
      notice: answer.status === "error" ? { type: "error", title: "Error", description: answer.message } : null,
    }),
  });

  const {
    key: amountKey,
    defaultValue: _amountDefault,
    ...amountProps
  } = getInputProps(fields.amount, { type: "text" });
  const { key: memorialKey, ...memorialProps } = getSelectProps(fields.memorialType);
  const { key: coverKey, ...coverProps } = getInputProps(fields.coverFee, { type: "checkbox" });

  return (
    <Form
      method="post"
      // The answer's page shows the same campaign: its form then carries the same slug if the donor sends it again.
      action={config.campaignSlug ? `/donate?${new URLSearchParams({ campaign: config.campaignSlug })}` : "/donate"}
      {...getFormProps(form)}
      {...loadOnUse}
      aria-busy={processing}
      // The tribute fields follow the memorial type with CSS alone, so they work without JavaScript too.
      className="group/donation grid gap-6"
    >
      <GiftFrequency
        name={fields.frequency.name}
        initial={fields.frequency.initialValue === "monthly" ? "monthly" : "once"}
        campaign={Boolean(config.campaignSlug)}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-base font-bold text-navy-900">Choose an amount</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {QUICK_AMOUNTS.map((dollars) => {
            const selected = giftCents === dollars * 100;
            const classes = cn(
              buttonVariants({ variant: selected ? "default" : "outline", size: "lg" }),
              "w-full tabular",
            );
            return hydrated ? (
              <button
                key={dollars}
                type="button"
                className={classes}
                aria-pressed={selected}
                onClick={() => {
                  // The field must hold the new amount before Conform reads the form: otherwise it checks the old
                  // one (empty at first) and a chosen $50 shows "must be at least $1".
                  flushSync(() => setAmount(String(dollars)));
                  form.validate({ name: fields.amount.name });
                }}
              >
                ${dollars}
              </button>
            ) : (
              <a
                key={dollars}
                href={`/donate?${new URLSearchParams({ amount: String(dollars), ...(config.campaignSlug ? { campaign: config.campaignSlug } : {}) })}#donation-form`}
                className={classes}
              >
                ${dollars}
              </a>
            );
          })}
        </div>
        <Field>
          <FieldLabel htmlFor={fields.amount.id} required>
            Donation amount (USD)
          </FieldLabel>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
            >
              $
            </span>
            <Input
              key={amountKey}
              ref={amountField}
              {...amountProps}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Other amount"
              className="pl-7 tabular"
              value={amount}
              onChange={(event) => setAmount(acceptAmountEdit(amount, event.currentTarget.value))}
              aria-required="true"
              aria-describedby={
                cn(fields.amount.errors ? fields.amount.errorId : "", `${fields.amount.id}-hint`) || undefined
              }
            />
          </div>
          <FieldDescription id={`${fields.amount.id}-hint`}>
            At least $1; online gifts up to {formatCents(config.maxCents)}.
          </FieldDescription>
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </Field>
        <div className="flex items-start gap-3 rounded-lg border border-border bg-sand-100 p-3">
          <Checkbox key={coverKey} {...coverProps} className="mt-0.5" aria-describedby={`${fields.coverFee.id}-hint`} />
          <div className="grid gap-1">
            <label htmlFor={fields.coverFee.id} className="text-sm font-semibold">
              Cover the card fee
            </label>
            <p id={`${fields.coverFee.id}-hint`} className="text-sm text-muted-foreground">
              {hydrated && showFee
                ? `Adds ${formatCents(feeToCover(giftCents, config.fee))}, so the district receives your full ${formatCents(giftCents)}.`
                : `Adds the card fee (${config.fee.percentBasisPoints / 100}% + ${formatCents(config.fee.fixedCents)}), so the district receives your full gift. You see the exact amount before paying.`}
            </p>
          </div>
        </div>
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-2 text-base font-bold text-navy-900">Your details</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field={fields.firstName}
            label="First name"
            autoComplete="given-name"
            maxLength={donationLimits.name}
            required
          />
          <TextField
            field={fields.lastName}
            label="Last name"
            autoComplete="family-name"
            maxLength={donationLimits.name}
            required
          />
        </div>
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={donationLimits.email}
          required
          hint="Your receipt is sent here."
        />
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-2 text-base font-bold text-navy-900">Dedicate your gift (optional)</legend>
        <Field>
          <FieldLabel htmlFor={fields.memorialType.id}>Memorial type</FieldLabel>
          <Select key={memorialKey} {...memorialProps} defaultValue={fields.memorialType.initialValue ?? "none"}>
            <option value="none">None</option>
            <option value="memory">In memory of</option>
            <option value="honor">In honor of</option>
          </Select>
        </Field>
        <div className="grid gap-5 group-has-[option[value=none]:checked]/donation:hidden">
          <Field>
            <FieldLabel htmlFor={fields.memorialDetails.id} required>
              <span className="hidden group-has-[option[value=memory]:checked]/donation:inline">
                {memorialLabels.memory}
              </span>
              <span className="hidden group-has-[option[value=honor]:checked]/donation:inline">
                {memorialLabels.honor}
              </span>
            </FieldLabel>
            <Input
              {...withoutKey(getInputProps(fields.memorialDetails, { type: "text" }))}
              key={fields.memorialDetails.key}
              maxLength={donationLimits.memorialDetails}
              autoComplete="off"
            />
            <FieldError id={fields.memorialDetails.errorId} errors={fields.memorialDetails.errors} />
          </Field>
          <TextField
            field={fields.notifyEmail}
            label="Let someone know (optional)"
            type="email"
            autoComplete="off"
            maxLength={donationLimits.email}
            hint="We email this address once your gift goes through, naming you and the person you honor. We never tell the amount."
          />
        </div>
      </fieldset>

      {config.campaignSlug ? <input type="hidden" name="campaign" value={config.campaignSlug} /> : null}

      <HoneypotField formId={form.id} />

      <FormError id={form.errorId} errors={form.errors} />

      <PendingButton
        pending={processing}
        pendingLabel="Processing"
        pendingText="Processing..."
        icon={<Heart aria-hidden="true" />}
        size="lg"
        className="w-full sm:w-auto sm:justify-self-end"
      >
        Donate
      </PendingButton>
    </Form>
  );
}

/** One-time (the default) or Monthly: two radio buttons styled as a switch, plain HTML so it posts without JavaScript. */
function GiftFrequency({ name, initial, campaign }: { name: string; initial: "once" | "monthly"; campaign: boolean }) {
  const options = [
    { value: "once", label: "One-time" },
    { value: "monthly", label: "Monthly" },
  ] as const;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-base font-bold text-navy-900">How often</legend>
      <div className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-sand-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-md text-sm font-semibold text-navy-900 has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={initial === option.value}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted-foreground group-has-[input[value=monthly]:checked]/donation:hidden">
        A single gift, charged once.
      </p>
      <p className="hidden text-sm text-muted-foreground group-has-[input[value=monthly]:checked]/donation:block">
        Charged every month until you stop it. Every receipt has a link to change the amount, pause or cancel, no
        account needed.
        {/* The action makes a monthly gift a general one (campaigns take one-time gifts). */}
        {campaign ? " A monthly gift goes to the district's general fund, not to the campaign above." : null}
      </p>
    </fieldset>
  );
}

function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}
