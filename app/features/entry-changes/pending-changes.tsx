import { Form } from "react-router";
import { Button } from "~/ui/button";

/** A family's change waiting for staff, as the tournament page lists it (decision 0047). */
export type PendingChangeView = { id: string; student: string; event: string; summary: string; at: string };

/** A line of the tournament's recent entry changes (its entries' history, by families and staff). */
export type RecentChangeView = PendingChangeView & { by: string; status: string };

/** The tournament's latest entry changes, newest first, in a disclosure under the approvals. */
export function RecentChanges({ changes }: { changes: RecentChangeView[] }) {
  if (changes.length === 0) return null;
  return (
    <details className="rounded-card border border-border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-navy-900">
        Recent changes to entries ({changes.length})
      </summary>
      <ul className="mt-3 grid gap-2">
        {changes.map((change) => (
          <li key={change.id}>
            <span className="text-stone-600">{change.at}</span>, <strong>{change.student}</strong> ({change.event}),{" "}
            {change.by}: {change.summary}
            {change.status === "pending" ? " (waiting)" : change.status === "declined" ? " (declined)" : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The changes families asked for through their links on a tournament whose changes wait for approval: Approve
 * applies one (re-checking the window and the event's room at that moment), Decline leaves the entry as it is.
 */
export function PendingChanges({ changes, canManage }: { changes: PendingChangeView[]; canManage: boolean }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="pending-changes" className="grid gap-3 rounded-card border border-border bg-card p-4">
      <h2 id="pending-changes" className="text-lg font-bold text-navy-900">
        Families&apos; changes waiting for approval ({changes.length})
      </h2>
      <ul className="grid gap-3">
        {changes.map((change) => (
          <li key={change.id} className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
            <p>
              <strong>{change.student}</strong>, {change.event} <span className="text-stone-600">({change.at})</span>
            </p>
            <p>{change.summary}</p>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="approve-change" />
                  <input type="hidden" name="changeId" value={change.id} />
                  <Button type="submit" size="sm" aria-label={`Approve: ${change.summary}`}>
                    Approve
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="decline-change" />
                  <input type="hidden" name="changeId" value={change.id} />
                  <Button type="submit" size="sm" variant="outline" aria-label={`Decline: ${change.summary}`}>
                    Decline
                  </Button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
