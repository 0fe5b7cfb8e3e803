import { getFormProps, useForm } from "@conform-to/react";
import { CircleCheck, Gavel } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormError, SelectField, TextField } from "~/ui/conform-fields";
import { Field, FieldError } from "~/ui/field";
import { HoneypotField } from "~/ui/honeypot-field";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { OTHER_SCHOOL, type MemberSchool } from "~/features/tournaments/schools";
import type { JudgeActionData } from "./action-data";
import { CATEGORY_LABELS, JUDGE_CATEGORIES } from "./categories";
import { ANY_TOURNAMENT, JUDGE_FORM_PATH } from "./paths";
import { judgeLimits, NO_SCHOOL, NOTE_EXAMPLES } from "./rules";
import type { JudgeForm as JudgeValues, JudgeInput } from "./schema";

/** The form's anchor: a post without JavaScript lands there, with its answer on screen. */
export const JUDGE_FORM_ANCHOR = "name-a-judge";

const formatDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * The public judge form (decision 0045): a plain form posting to /judge, so it works before and without JavaScript;
 * the server checks everything and the page shows its answer in place.
 */
export function JudgeForm({
  tournaments,
  schools,
  chosen,
  vouched = null,
  answer,
}: {
  tournaments: Array<{ key: string; title: string; date: string }>;
  schools: MemberSchool[];
  /** The tournament the link chose (?tournament=). */
  chosen: string | null;
  /** The school the link's pass names (the school's own registration, decision 0049): the judge counts for it. */
  vouched?: { pass: string; school: string; schoolCode: string | null } | null;
  answer: JudgeActionData | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(JUDGE_FORM_PATH);
  const [form, fields] = useForm<JudgeInput, JudgeValues>({
    id: "judge-form",
    lastResult: answer && answer.status !== "sent" ? answer.result : undefined,
    defaultValue: {
      tournament: chosen ?? "",
      schoolCode: vouched ? (vouched.schoolCode ?? OTHER_SCHOOL) : "",
      schoolName: vouched && !vouched.schoolCode ? vouched.school : undefined,
      categories: [],
    },
    shouldValidate: "onSubmit",
  });

  if (answer?.status === "sent") {
    return (
      <Notice tone="success" size="lg" icon={CircleCheck} title="Check your email">
        <p>
          We sent a link to {answer.email}. The judge is counted once they confirm through it; the same link withdraws
          them.
        </p>
        <p className="mt-3">
          <a href={JUDGE_FORM_PATH} className="font-semibold underline underline-offset-4">
            Name another judge
          </a>
        </p>
      </Notice>
    );
  }

  const chosenCategories = new Set(
    ([] as string[]).concat((fields.categories.initialValue as string[] | string | undefined) ?? []),
  );
  return (
    <Form
      method="post"
      action={`${JUDGE_FORM_PATH}#${JUDGE_FORM_ANCHOR}`}
      {...getFormProps(form)}
      className="grid gap-5"
    >
      {answer?.status === "error" ? (
        <Notice tone="error" title="Not sent">
          <p>{answer.message}</p>
        </Notice>
      ) : null}
      <SelectField
        field={fields.tournament}
        label="Tournament"
        required
        placeholder="Select a tournament"
        options={[
          ...tournaments.map((tournament) => ({
            value: tournament.key,
            label: `${tournament.title} (${formatDay(tournament.date)})`,
          })),
          { value: ANY_TOURNAMENT, label: "Any tournament (the district will assign me)" },
        ]}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field={fields.firstName}
          label="First name"
          required
          autoComplete="given-name"
          maxLength={judgeLimits.name + 10}
        />
        <TextField
          field={fields.lastName}
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={judgeLimits.name + 10}
        />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={judgeLimits.email}
          hint="The confirmation link goes here."
        />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={judgeLimits.phone} />
      </div>
      {vouched ? (
        <p className="text-sm text-stone-700">
          <input type="hidden" name="schoolPass" value={vouched.pass} />
          <input type="hidden" name={fields.schoolCode.name} value={vouched.schoolCode ?? OTHER_SCHOOL} />
          {vouched.schoolCode ? null : <input type="hidden" name={fields.schoolName.name} value={vouched.school} />}
          Judging for <strong>{vouched.school}</strong>, from your school&apos;s registration: once the judge confirms,
          they count for it.
        </p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.schoolCode}
            label="Judging for school"
            required
            placeholder="Select a school"
            options={[
              ...schools.map((school) => ({ value: school.code, label: school.name })),
              { value: OTHER_SCHOOL, label: "Other (type it)" },
              { value: NO_SCHOOL, label: "No school (volunteer)" },
            ]}
          />
          <TextField
            field={fields.schoolName}
            label="School name (if Other)"
            autoComplete="organization"
            maxLength={judgeLimits.school + 10}
          />
        </div>
      )}
      <Field>
        <fieldset aria-describedby={fields.categories.errorId} className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-navy-900">
            Can judge <span aria-hidden="true">*</span>
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {JUDGE_CATEGORIES.map((category) => (
              <label key={category} className="flex min-h-11 items-center gap-2 text-base">
                <input
                  type="checkbox"
                  name={fields.categories.name}
                  value={category}
                  defaultChecked={chosenCategories.has(category)}
                  className="size-5 accent-navy-700"
                />
                {CATEGORY_LABELS[category]}
              </label>
            ))}
          </div>
        </fieldset>
        <FieldError id={fields.categories.errorId} errors={fields.categories.errors} />
      </Field>
      <TextField
        field={fields.note}
        label="Note"
        autoComplete="off"
        maxLength={judgeLimits.note + 10}
        hint={`A few words: ${NOTE_EXAMPLES}.`}
      />
      <HoneypotField formId={form.id} />
      <FormError id={form.errorId} errors={form.errors} />
      <PendingButton
        pending={!!submitting}
        pendingLabel="Sending"
        icon={<Gavel aria-hidden="true" />}
        size="lg"
        className="justify-self-start"
      >
        Name this judge
      </PendingButton>
    </Form>
  );
}
