import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { ExportLink, stackedTable } from "~/ui/dashboard";
import { Label } from "~/ui/label";
import { Select } from "~/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { tournamentPath } from "./paths";
import type { EntryState, RosterEntry } from "./roster.server";
import type { MemberSchool } from "./schools";

const STATE_BADGE: Record<EntryState, "success" | "warning" | "muted" | "danger"> = {
  paid: "success",
  "awaiting payment": "warning",
  refunded: "muted",
  dropped: "danger",
};

export type RosterData = {
  entries: RosterEntry[];
  typedSchools: Array<{ name: string; entries: number }>;
  schools: MemberSchool[];
  events: string[];
  caps: Record<string, number>;
  /** Entries holding a place, per event. */
  places: Record<string, number>;
  requestKey: string;
};

/** The roster of a tournament: entries by event with their counts against the caps, the judges by school, downloads. */
export function RosterView({
  tournamentKey,
  roster,
  canManage,
}: {
  tournamentKey: string;
  roster: RosterData;
  canManage: boolean;
}) {
  // The events offered, then any other event that has entries (offered before the settings changed).
  const events = [...new Set([...roster.events, ...roster.entries.map((entry) => entry.event)])];
  return (
    <section aria-labelledby="roster-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="roster-title" className="text-xl font-bold text-navy-900">
          Roster
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportLink href={tournamentPath(tournamentKey, "/entries.csv")}>Entries (Tabroom CSV)</ExportLink>
        </div>
      </div>
      {events.map((event) => {
        const entries = roster.entries.filter((entry) => entry.event === event);
        const cap = roster.caps[event];
        const taken = roster.places[event] ?? 0;
        return (
          <section key={event} aria-label={event} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-base font-semibold text-navy-900">
                {event}{" "}
                <span className="font-normal text-muted-foreground">
                  {cap === undefined ? `${taken} entered` : `${taken} of ${cap} places taken`}
                  {cap !== undefined && taken >= cap ? " (full)" : ""}
                </span>
              </h3>
              {entries.length > 0 ? (
                <a
                  href={tournamentPath(tournamentKey, `/entries.csv?event=${encodeURIComponent(event)}`)}
                  download
                  className="text-sm text-navy-800 underline underline-offset-2"
                >
                  Download {event} (Tabroom CSV)
                </a>
              ) : null}
            </div>
            {entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No entries yet.</p>
            ) : (
              <Table className={stackedTable}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Code</TableHead>
                    <TableHead>Student</TableHead>
                    <TableHead>Partner</TableHead>
                    <TableHead>School</TableHead>
                    <TableHead>Contact</TableHead>
                    <TableHead>Status</TableHead>
                    {canManage ? <TableHead>Drop</TableHead> : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entries.map((entry) => (
                    <TableRow key={entry.orderId}>
                      <TableCell data-label="Code" className="tabular-nums">
                        {entry.state === "dropped" ? "DROP" : entry.code}
                      </TableCell>
                      <TableCell data-label="Student">{entry.student}</TableCell>
                      <TableCell data-label="Partner">
                        {entry.partner ?? "—"}
                        {entry.partner && entry.partnerSchool && entry.partnerSchool !== entry.school
                          ? ` (${entry.partnerSchool})`
                          : null}
                      </TableCell>
                      <TableCell data-label="School">
                        {entry.school}
                        {entry.schoolCode ? ` (${entry.schoolCode})` : " (typed)"}
                      </TableCell>
                      <TableCell data-label="Contact" className="break-all">
                        {entry.email}
                      </TableCell>
                      <TableCell data-label="Status">
                        <Badge variant={STATE_BADGE[entry.state]}>{entry.state}</Badge>
                      </TableCell>
                      {canManage ? (
                        <TableCell data-label="Drop">
                          {entry.state === "dropped" ? (
                            "—"
                          ) : (
                            <DropForm entry={entry} requestKey={`${roster.requestKey}-${entry.code}`} />
                          )}
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </section>
        );
      })}
      {canManage && roster.typedSchools.length > 0 ? <MergeForm roster={roster} /> : null}
      <section aria-labelledby="judges-title" className="grid gap-2">
        <h3 id="judges-title" className="text-base font-semibold text-navy-900">
          Judges
        </h3>
        <p className="text-sm">
          <a href={tournamentPath(tournamentKey, "/judges")} className="text-navy-800 underline underline-offset-2">
            Judge pool: what each school owes, the judges named and Tabroom&apos;s judge files
          </a>
        </p>
      </section>
    </section>
  );
}

/** Drop one entry, with or without a full refund (a plain form post). */
function DropForm({ entry, requestKey }: { entry: RosterEntry; requestKey: string }) {
  const id = `drop-${entry.orderId}`;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="drop" />
      <input type="hidden" name="orderId" value={entry.orderId} />
      <input type="hidden" name="requestKey" value={requestKey} />
      {entry.refundable ? (
        <span className="flex items-center gap-1.5">
          <Checkbox id={`${id}-refund`} name="refund" value="1" />
          <Label htmlFor={`${id}-refund`} className="text-xs">
            Refund
          </Label>
        </span>
      ) : null}
      <Button type="submit" size="sm" variant="outline" aria-label={`Drop ${entry.student} (${entry.event})`}>
        Drop
      </Button>
    </Form>
  );
}

/** Merge a school typed under Other into a member school, on this tournament's entries. */
function MergeForm({ roster }: { roster: RosterData }) {
  return (
    <Form method="post" className="grid gap-3 rounded-card border border-border bg-card p-4">
      <input type="hidden" name="intent" value="merge-school" />
      <h3 className="text-base font-semibold text-navy-900">Typed school names</h3>
      <p className="text-sm text-muted-foreground">
        Entries whose school was typed under Other. Merge one into a member school so the roster carries its code.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="merge-typed">Typed school</Label>
          <Select id="merge-typed" name="typed" required>
            {roster.typedSchools.map((school) => (
              <option key={school.name} value={school.name}>
                {school.name} ({school.entries})
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="merge-into">Member school</Label>
          <Select id="merge-into" name="into" required>
            {roster.schools.map((school) => (
              <option key={school.code} value={school.code}>
                {school.name} ({school.code})
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div>
        <Button type="submit" size="sm">
          Merge
        </Button>
      </div>
    </Form>
  );
}
