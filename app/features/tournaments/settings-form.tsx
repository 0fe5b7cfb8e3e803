import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { type FormAnswer, FormAnswerNotice } from "./form-answer";
import { COMPETITION_EVENTS, DEFAULT_ABBREVIATIONS, eventAbbreviation } from "./competition-events";
import type { StaffTournament } from "./staff-settings.server";
import { DEFAULT_CLOSE_DAYS } from "./window";

/**
 * A tournament's settings (decision 0040): the days registration opens and closes (district time; empty: open now,
 * and the default days before the tournament), the events offered and a cap per event (empty: none). A plain
 * form post, so it works without JavaScript.
 */
export function SettingsForm({
  tournament,
  answer,
}: {
  tournament: Pick<
    StaffTournament,
    | "settings"
    | "events"
    | "caps"
    | "entries"
    | "abbreviations"
    | "asks"
    | "familyChanges"
    | "registrationOpen"
    | "takesEntriesByDefault"
  >;
  /** The server's answer to this form's last post, shown beside its button. */
  answer: FormAnswer | null;
}) {
  return (
    <Form method="post" className="grid gap-5 rounded-card border border-border bg-card p-4 sm:p-6">
      <input type="hidden" name="intent" value="settings" />
      <h2 className="text-lg font-semibold text-navy-900">Registration settings</h2>
      <OpenForRegistration choice={tournament.registrationOpen} byDefault={tournament.takesEntriesByDefault} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DayField
          name="opensOn"
          label="Registration opens"
          value={tournament.settings?.opensOn}
          hint="Empty: open now."
        />
        <DayField
          name="closesOn"
          label="Last day to register"
          value={tournament.settings?.closesOn}
          hint={`Empty: ${DEFAULT_CLOSE_DAYS} days before the tournament. Days are New York time; registration closes at midnight after this day.`}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">
          Events offered, their caps, and their abbreviations in Tabroom
        </legend>
        <p className="text-xs text-muted-foreground">
          An abbreviation names the event&apos;s Tabroom file; the defaults are Tabroom&apos;s NSDA district set.
        </p>
        <div className="grid gap-2 md:grid-cols-2">
          {COMPETITION_EVENTS.map((event, index) => (
            <div key={event} className="flex flex-wrap items-center gap-3 rounded-md border border-border px-3 py-2">
              <Checkbox
                id={`event-${index}`}
                name="event"
                value={event}
                defaultChecked={tournament.events.includes(event)}
              />
              <Label htmlFor={`event-${index}`} className="min-w-0 flex-1">
                {event}
              </Label>
              <Label htmlFor={`cap-${index}`} className="sr-only">
                Cap for {event}
              </Label>
              <Input
                id={`cap-${index}`}
                name={`cap-${index}`}
                inputMode="numeric"
                pattern="[0-9]*"
                placeholder="No cap"
                className="w-24"
                defaultValue={tournament.caps[event]?.toString() ?? ""}
              />
              <Label htmlFor={`abbr-${index}`} className="sr-only">
                Abbreviation of {event} in Tabroom
              </Label>
              <Input
                id={`abbr-${index}`}
                name={`abbr-${index}`}
                placeholder={DEFAULT_ABBREVIATIONS[event]}
                title={`Abbreviation in Tabroom (default ${DEFAULT_ABBREVIATIONS[event]})`}
                maxLength={8}
                className="w-20 uppercase"
                defaultValue={eventAbbreviation(event, tournament.abbreviations)}
              />
              <span className="w-20 text-right text-xs text-muted-foreground tabular-nums">
                {tournament.entries[event] ?? 0} entered
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">Also asked at registration</legend>
        <div className="flex items-center gap-2">
          <Checkbox id="askNovice" name="askNovice" value="1" defaultChecked={tournament.asks.novice} />
          <Label htmlFor="askNovice">Whether each student is a novice (Tabroom&apos;s Novice column)</Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id="askStudentEmail"
            name="askStudentEmail"
            value="1"
            defaultChecked={tournament.asks.studentEmail}
          />
          <Label htmlFor="askStudentEmail">Each student&apos;s own email, optional (Tabroom links their account)</Label>
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold text-navy-900">Families&apos; changes through their entries link</legend>
        <div className="flex items-center gap-2">
          <input
            type="radio"
            id="familyChanges-at-once"
            name="familyChanges"
            value="at-once"
            defaultChecked={tournament.familyChanges !== "approval"}
            className="size-5"
          />
          <Label htmlFor="familyChanges-at-once">Apply at once (shown on the roster and in Tabroom&apos;s files)</Label>
        </div>
        <div className="flex items-center gap-2">
          <input
            type="radio"
            id="familyChanges-approval"
            name="familyChanges"
            value="approval"
            defaultChecked={tournament.familyChanges === "approval"}
            className="size-5"
          />
          <Label htmlFor="familyChanges-approval">
            Wait for staff approval on this page (drops still apply at once)
          </Label>
        </div>
      </fieldset>
      <FormAnswerNotice answer={answer} />
      <div>
        <Button type="submit">Save settings</Button>
      </div>
    </Form>
  );
}

/**
 * Whether the tournament takes entries on this site (decision 0051): the default rule (a competition of the sheet
 * does, a camp, practice, workshop, night or ceremony does not), or staff's own choice.
 */
function OpenForRegistration({ choice, byDefault }: { choice: boolean | null; byDefault: boolean }) {
  const current = choice === null ? "default" : choice ? "open" : "closed";
  const options = [
    {
      value: "default",
      label: `As its schedule row says: ${byDefault ? "open (a competition)" : "closed (a camp, practice, workshop, night or ceremony)"}`,
    },
    { value: "open", label: "Open for registration on this site" },
    { value: "closed", label: "Closed: takes no entries on this site" },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold text-navy-900">Open for registration</legend>
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <input
            type="radio"
            id={`registration-${option.value}`}
            name="registration"
            value={option.value}
            defaultChecked={current === option.value}
            className="size-5"
          />
          <Label htmlFor={`registration-${option.value}`}>{option.label}</Label>
        </div>
      ))}
    </fieldset>
  );
}

/** A day of the window: a date input with its hint. */
function DayField({
  name,
  label,
  value,
  hint,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  hint: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={name}>{label}</Label>
      <Input id={name} name={name} type="date" defaultValue={value ?? ""} aria-describedby={`${name}-hint`} />
      <p id={`${name}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
