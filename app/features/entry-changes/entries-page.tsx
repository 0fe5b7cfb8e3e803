import { getFormProps, useForm } from "@conform-to/react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { createContext, useContext } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useLazyValidation } from "~/ui/lazy-validation";
import { Badge } from "~/ui/badge";
import { Field, FieldError, FieldLabel, FieldDescription } from "~/ui/field";
import { Input } from "~/ui/input";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { Select } from "~/ui/select";
import { DropControls } from "./drops/drop-controls";
import { AnnouncedNotice } from "./announced-notice";
import type { EntriesAnswer, EntriesPageData, EntryView } from "./entries-data";

const OTHER = "other";

const STATUS = {
  entered: { label: "Entered", tone: "success" },
  dropped: { label: "Dropped", tone: "muted" },
  refunded: { label: "Refunded", tone: "muted" },
} as const;

/**
 * A family's entries at its private link (decision 0047): each entry's tournament, event, students, school, code and
 * status; until registration closes, forms to fix a name or school, change a partner and switch events; after it,
 * the entry read-only with the way to reach staff. Plain forms: everything works without JavaScript.
 */
export function EntriesPage({ page, answer }: { page: EntriesPageData; answer: EntriesAnswer | undefined }) {
  const general = answer && !answer.orderId ? answer : undefined;
  return (
    <div className="grid gap-6">
      {general ? (
        <AnnouncedNotice
          answer={general}
          tone={general.ok ? "success" : "error"}
          icon={general.ok ? CircleCheck : CircleAlert}
          title={general.message}
        />
      ) : null}
      <p className="text-stone-700">
        The entries paid with <strong>{page.email}</strong>. Keep this page&apos;s address private: anyone who has it
        can change these entries until registration closes.
      </p>
      {page.entries.map((entry) => (
        <EntryCard
          key={entry.orderId}
          entry={entry}
          schools={page.schools}
          answer={answer?.orderId === entry.orderId ? answer : undefined}
        />
      ))}
    </div>
  );
}

type Schools = EntriesPageData["schools"];

function EntryCard({ entry, schools, answer }: { entry: EntryView; schools: Schools; answer?: EntriesAnswer }) {
  const { fields } = entry;
  const status = STATUS[entry.status];
  const student = `${fields.studentFirst} ${fields.studentLast}`.trim();
  const partner = fields.partnerFirst ? `${fields.partnerFirst} ${fields.partnerLast ?? ""}`.trim() : null;
  const headingId = `entry-${entry.orderId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-navy-900">
            {student}: {fields.event}
          </h2>
          <p className="text-sm text-stone-700">
            {entry.tournament}, {entry.date}
          </p>
        </div>
        <Badge variant={status.tone}>{status.label}</Badge>
      </header>
      {answer?.message ? (
        <AnnouncedNotice
          answer={answer}
          tone={answer.ok ? "success" : "error"}
          icon={answer.ok ? CircleCheck : CircleAlert}
          title={answer.message}
        />
      ) : null}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-semibold text-navy-900">Event</dt>
        <dd>{fields.event}</dd>
        <dt className="font-semibold text-navy-900">Student</dt>
        <dd>{student}</dd>
        {entry.partner ? (
          <>
            <dt className="font-semibold text-navy-900">Partner</dt>
            <dd>{partner ? `${partner}${fields.partnerSchool ? ` (${fields.partnerSchool})` : ""}` : "None"}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-navy-900">School</dt>
        <dd>{fields.school}</dd>
        {entry.judgeForm ? (
          <>
            <dt className="font-semibold text-navy-900">Judges</dt>
            <dd>
              <a href={entry.judgeForm} className="text-navy-800 underline underline-offset-2">
                Name a judge for {fields.school}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-navy-900">Entry code</dt>
        <dd className="tabular-nums">{entry.code ?? "Not yet given"}</dd>
      </dl>
      {entry.pending.length > 0 ? (
        <Notice tone="info" title="Waiting for the district's approval">
          <ul className="list-disc pl-5">
            {entry.pending.map((summary) => (
              <li key={summary}>{summary}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {entry.open ? (
        <>
          <p className="text-sm text-stone-700">
            You can change this entry until registration closes on <strong>{entry.closes}</strong>.
            {entry.approval ? " The district approves each change before it applies." : ""}
          </p>
          <div className="grid gap-3">
            <StudentForm entry={entry} schools={schools} answer={answer?.intent === "student" ? answer : undefined} />
            {entry.partner ? (
              <PartnerForm entry={entry} schools={schools} answer={answer?.intent === "partner" ? answer : undefined} />
            ) : null}
            <EventForm entry={entry} answer={answer?.intent === "event" ? answer : undefined} />
            <DropControls
              entry={{ orderId: entry.orderId, student, event: fields.event }}
              terms={entry.dropTerms}
              quote={answer?.drop ?? null}
            />
          </div>
        </>
      ) : entry.status === "entered" ? (
        <Notice tone="info" title={`Registration closed on ${entry.closes}`}>
          This entry can no longer be changed here. To change or drop it, please{" "}
          <Link to="/contact" className="font-semibold underline underline-offset-4">
            contact the district
          </Link>
          .
        </Notice>
      ) : null}
      {entry.history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-navy-900">History of this entry</summary>
          <ul className="mt-2 grid gap-1">
            {entry.history.map((line, index) => (
              <li key={index}>
                <span className="text-stone-600">{line.at}</span>, {line.by}: {line.summary}
                {line.status === "pending"
                  ? " (waiting for approval)"
                  : line.status === "declined"
                    ? " (declined)"
                    : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}

type FormAnswer = { answer?: EntriesAnswer };

/** The field messages of the form around a field: Conform's (the browser's check, or the action's answer). */
const FieldErrors = createContext<Record<string, string[] | undefined>>({});

const errorsOf = (answer: EntriesAnswer | undefined, name: string) =>
  answer?.ok === false ? answer.result?.error?.[name] : undefined;

/** A form in a disclosure (open when its answer has messages), with its hidden intent and entry. */
function ChangeForm({
  entry,
  intent,
  title,
  answer,
  submit,
  children,
}: FormAnswer & { entry: EntryView; intent: string; title: string; submit: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("orderId") === entry.orderId;
  // The action's schema, checked in the browser too once the form is touched (the server checks it again).
  const { onValidate, loadOnUse } = useLazyValidation(() =>
    import("./validate").then((module) => module.entryChangeValidator),
  );
  const [form] = useForm({
    id: `change-${intent}-${entry.orderId}`,
    lastResult: answer?.ok === false ? answer.result : undefined,
    onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = Object.fromEntries(
    Object.entries(form.allErrors).map(([name, messages]) => [name, messages as string[] | undefined]),
  );
  return (
    <details open={answer?.ok === false || form.status === "error"} className="rounded-lg border border-border p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-navy-900">{title}</summary>
      <Form method="post" className="mt-3 grid gap-4" {...getFormProps(form)} {...loadOnUse}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="orderId" value={entry.orderId} />
        <FieldErrors.Provider value={errors}>{children}</FieldErrors.Provider>
        <div>
          <PendingButton pending={pending} size="lg">
            {submit}
          </PendingButton>
        </div>
      </Form>
    </details>
  );
}

function TextField({
  id,
  name,
  label,
  defaultValue,
  answer,
  required,
}: FormAnswer & { id: string; name: string; label: string; defaultValue: string; required?: boolean }) {
  const errors = useContext(FieldErrors)[name] ?? errorsOf(answer, name);
  return (
    <Field>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={100}
        autoComplete="off"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </Field>
  );
}

function SchoolFields({
  prefix,
  entry,
  schools,
  codeName,
  typedName,
  code,
  typed,
  label,
  answer,
}: FormAnswer & {
  prefix: string;
  entry: EntryView;
  schools: Schools;
  codeName: string;
  typedName: string;
  code: string | null;
  typed: string;
  label: string;
}) {
  const id = `${prefix}-${entry.orderId}`;
  return (
    <>
      <Field>
        <FieldLabel htmlFor={`${id}-code`}>{label}</FieldLabel>
        <Select id={`${id}-code`} name={codeName} defaultValue={code ?? OTHER}>
          {schools.map((school) => (
            <option key={school.code} value={school.code}>
              {school.name}
            </option>
          ))}
          <option value={OTHER}>Other (type it below)</option>
        </Select>
      </Field>
      <TextField
        id={`${id}-typed`}
        name={typedName}
        label={`${label}, if Other`}
        defaultValue={code ? "" : typed}
        answer={answer}
      />
    </>
  );
}

function StudentForm({ entry, schools, answer }: FormAnswer & { entry: EntryView; schools: Schools }) {
  const { fields } = entry;
  return (
    <ChangeForm
      entry={entry}
      intent="student"
      title="Fix the student's name or school"
      submit="Save the student"
      answer={answer}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`student-first-${entry.orderId}`}
          name="studentFirst"
          label="First name"
          defaultValue={fields.studentFirst}
          answer={answer}
          required
        />
        <TextField
          id={`student-last-${entry.orderId}`}
          name="studentLast"
          label="Last name"
          defaultValue={fields.studentLast}
          answer={answer}
          required
        />
      </div>
      <SchoolFields
        prefix="student-school"
        entry={entry}
        schools={schools}
        codeName="schoolCode"
        typedName="studentSchool"
        code={fields.schoolCode}
        typed={fields.school}
        label="School"
        answer={answer}
      />
    </ChangeForm>
  );
}

function PartnerForm({ entry, schools, answer }: FormAnswer & { entry: EntryView; schools: Schools }) {
  const { fields } = entry;
  return (
    <ChangeForm
      entry={entry}
      intent="partner"
      title={fields.partnerFirst ? "Fix or change the partner" : "Add a partner"}
      submit="Save the partner"
      answer={answer}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`partner-first-${entry.orderId}`}
          name="partnerFirst"
          label="Partner's first name"
          defaultValue={fields.partnerFirst ?? ""}
          answer={answer}
          required
        />
        <TextField
          id={`partner-last-${entry.orderId}`}
          name="partnerLast"
          label="Partner's last name"
          defaultValue={fields.partnerLast ?? ""}
          answer={answer}
          required
        />
      </div>
      <SchoolFields
        prefix="partner-school"
        entry={entry}
        schools={schools}
        codeName="partnerSchoolCode"
        typedName="partnerSchool"
        code={fields.partnerSchoolCode ?? fields.schoolCode}
        typed={fields.partnerSchool ?? fields.school}
        label="Partner's school"
        answer={answer}
      />
    </ChangeForm>
  );
}

function EventForm({ entry, answer }: FormAnswer & { entry: EntryView }) {
  const id = `event-${entry.orderId}`;
  const errors = errorsOf(answer, "event");
  if (entry.switchTo.length === 0)
    return (
      <p className="text-sm text-stone-700">
        No other event of this tournament has room to switch to
        {entry.full.length > 0 ? ` (full: ${entry.full.join(", ")})` : ""}.
      </p>
    );
  return (
    <ChangeForm entry={entry} intent="event" title="Switch to another event" submit="Switch events" answer={answer}>
      <Field>
        <FieldLabel htmlFor={id}>New event</FieldLabel>
        <Select id={id} name="event" defaultValue={entry.switchTo[0]} aria-invalid={errors ? true : undefined}>
          {entry.switchTo.map((event) => (
            <option key={event} value={event}>
              {event}
            </option>
          ))}
        </Select>
        <FieldDescription>
          The entry keeps its code and fee. Its place in {entry.fields.event} is given back.
          {entry.full.length > 0 ? ` Full now: ${entry.full.join(", ")}.` : ""}
        </FieldDescription>
        <FieldError errors={errors} />
      </Field>
    </ChangeForm>
  );
}
