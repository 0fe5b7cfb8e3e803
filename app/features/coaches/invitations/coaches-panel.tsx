import { Form } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Checkbox } from "~/ui/checkbox";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";

/** One member school with its coaches and pending invitations, as staff see them (dates written for people). */
export type SchoolCoachesView = {
  code: string;
  name: string;
  coaches: Array<{ userId: string; email: string; name: string; lastSignIn: string | null }>;
  invitations: Array<{ id: string; email: string; expires: string; expired: boolean }>;
};

/** A form of this panel (its intents start so), whose refusal the page shows above it. */
export const isCoachForm = (intent: string | undefined) => Boolean(intent?.startsWith("coach-"));

/** Where the staff's coach forms post (the Users page's action, which sends them back to `returnTo`). */
export const COACH_ACTIONS_PATH = "/admin/users";

/**
 * Staff's coaches (decision 0054): invite a coach to member schools, and per school its coaches (remove) and pending
 * invitations (send again, withdraw). Plain forms: each posts and comes back with a notice, with or without
 * JavaScript.
 */
export function CoachesPanel({ schools, returnTo }: { schools: SchoolCoachesView[]; returnTo: string }) {
  // The schools with a coach or an invitation; the form offers them all.
  const followed = schools.filter((school) => school.coaches.length > 0 || school.invitations.length > 0);
  return (
    <Card id="coaches">
      <CardHeader>
        <CardTitle level={2}>Coaches</CardTitle>
        <CardDescription>
          A coach reads their school's entries, judges and families at /coach, and nothing else. The invitation's link
          works once, for 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Form method="post" action={COACH_ACTIONS_PATH} className="grid gap-3" aria-label="Invite a coach">
          <input type="hidden" name="returnTo" value={returnTo} />
          <Field>
            <FieldLabel htmlFor="coach-invite-email" required>
              Coach's email
            </FieldLabel>
            <Input id="coach-invite-email" name="email" type="email" autoComplete="off" required maxLength={254} />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-navy-900">Schools</legend>
            <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
              {schools.map((school) => (
                <label key={school.code} className="flex items-center gap-2 text-sm">
                  <Checkbox name="school" value={school.code} />
                  {school.name}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="coach-invite">
              Invite a coach
            </Button>
          </div>
        </Form>
        {followed.length === 0 ? <p className="text-sm text-muted-foreground">No school has a coach yet.</p> : null}
        <ul className="grid gap-4" aria-label="Schools' coaches">
          {followed.map((school) => (
            <li key={school.code} className="grid gap-2 border-t border-border pt-3">
              <h3 className="font-semibold text-navy-900">{school.name}</h3>
              {school.coaches.map((coach) => (
                <CoachRow
                  key={coach.userId}
                  returnTo={returnTo}
                  hidden={{ userId: coach.userId, schoolCode: school.code }}
                >
                  <span className="font-medium">{coach.name}</span> ({coach.email}) · last signed in{" "}
                  {coach.lastSignIn ?? "never"}
                  <Button type="submit" size="sm" variant="outline" name="intent" value="coach-remove">
                    Remove coach
                  </Button>
                </CoachRow>
              ))}
              {school.invitations.map((invitation) => (
                <CoachRow key={invitation.id} returnTo={returnTo} hidden={{ invitationId: invitation.id }}>
                  Invited: {invitation.email} ·{" "}
                  {invitation.expired ? "expired" : `link works until ${invitation.expires}`}
                  <Button type="submit" size="sm" variant="outline" name="intent" value="coach-resend">
                    Send again
                  </Button>
                  <Button type="submit" size="sm" variant="ghost" name="intent" value="coach-withdraw">
                    Withdraw
                  </Button>
                </CoachRow>
              ))}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CoachRow({
  returnTo,
  hidden,
  children,
}: {
  returnTo: string;
  hidden: Record<string, string>;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={COACH_ACTIONS_PATH} className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="returnTo" value={returnTo} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
