import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { ExportLink, stackedTable } from "~/ui/dashboard";
import { Label } from "~/ui/label";
import { Select } from "~/ui/select";
import { Input } from "~/ui/input";
import { Notice } from "~/ui/notice";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { eventAbbreviation } from "./competition-events";
import { tournamentPath } from "./paths";
import type { EntryState, RosterEntry } from "./roster.server";
import type { MemberSchool } from "./schools";
import type { StaffDropAnswer } from "./staff-drop-answer";
import { StaffDropConfirm } from "./staff-drop-confirm";
import type { TabroomFile, TabroomFiles } from "./tabroom-files";

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
  /** Staff's abbreviations of events in Tabroom (others take the default). */
  abbreviations: Record<string, string>;
  /** The Tabroom files (without their text) and what staff should check before uploading them (decision 0046). */
  tabroom: Omit<TabroomFiles, "files"> & { files: Array<Omit<TabroomFile, "csv">> };
};

/** The roster of a tournament: entries by event with their counts against the caps, the judges by school, downloads. */
export function RosterView({
  tournamentKey,
  roster,
  canManage,
  drop = null,
  dropError = null,
}: {
  tournamentKey: string;
  roster: RosterData;
  canManage: boolean;
  /** A Drop's amounts to confirm, shown under its entry (decision 0050). */
  drop?: StaffDropAnswer | null;
  /** Why the confirmed drop was not made (its amounts changed): shown in the confirmation. */
  dropError?: string | null;
}) {
  // The events offered, then any other event that has entries (offered before the settings changed).
  const events = [...new Set([...roster.events, ...roster.entries.map((entry) => entry.event)])];
  // Entries the Tabroom files leave out until staff correct the name (decision 0046).
  const toCorrect = new Set(
    roster.tabroom.leftOut.filter((entry) => entry.reason === "name to correct").map((entry) => entry.orderId),
  );
  return (
    <section aria-labelledby="roster-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="roster-title" className="text-xl font-bold text-navy-900">
          Roster
        </h2>
      </div>
      <TabroomPanel tournamentKey={tournamentKey} roster={roster} />
      <DuplicatesNotice entries={roster.entries} />
      {events.map((event) => {
        const entries = roster.entries.filter((entry) => entry.event === event);
        const cap = roster.caps[event];
        const taken = roster.places[event] ?? 0;
        const file = roster.tabroom.files.find((candidate) => candidate.event === event);
        return (
          <section key={event} aria-label={event} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-base font-semibold text-navy-900">
                {event}{" "}
                <Badge variant="muted" className="align-middle">
                  {eventAbbreviation(event, roster.abbreviations)}
                </Badge>{" "}
                <span className="font-normal text-muted-foreground">
                  {cap === undefined ? `${taken} entered` : `${taken} of ${cap} places taken`}
                  {cap !== undefined && taken >= cap ? " (full)" : ""}
                </span>
              </h3>
              {file ? <TabroomFileLink tournamentKey={tournamentKey} file={file} /> : null}
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
                  {entries.map((entry) => [
                    <TableRow key={entry.orderId}>
                      <TableCell data-label="Code" className="tabular-nums">
                        {entry.code ?? "—"}
                      </TableCell>
                      <TableCell data-label="Student">
                        {entry.student}
                        {entry.nameUnsure || toCorrect.has(entry.orderId) ? (
                          <>
                            {" "}
                            <Badge variant="warning">
                              {toCorrect.has(entry.orderId) ? "Name to correct" : "Name to confirm"}
                            </Badge>
                            {canManage ? <ConfirmNameForm entry={entry} /> : null}
                          </>
                        ) : null}
                        {entry.duplicateOf ? (
                          <>
                            {" "}
                            <Badge variant="danger">
                              {entry.duplicateOf.code === null
                                ? "Duplicate of an earlier entry"
                                : `Duplicate of ${entry.duplicateOf.code}`}
                            </Badge>
                          </>
                        ) : null}
                      </TableCell>
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
                          {entry.state === "dropped" ? "—" : <DropForm entry={entry} />}
                        </TableCell>
                      ) : null}
                    </TableRow>,
                    canManage && drop?.orderId === entry.orderId && entry.state !== "dropped" ? (
                      <TableRow key={`${entry.orderId}-drop`}>
                        <TableCell colSpan={7} className="max-md:block!">
                          <StaffDropConfirm drop={drop} error={dropError} />
                        </TableCell>
                      </TableRow>
                    ) : null,
                  ])}
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

/** One event's Tabroom file: its name and how many entries it holds. */
function TabroomFileLink({ tournamentKey, file }: { tournamentKey: string; file: Omit<TabroomFile, "csv"> }) {
  return (
    <a
      href={tournamentPath(tournamentKey, `/tabroom.csv?event=${encodeURIComponent(file.event)}`)}
      download={file.filename}
      className="text-sm text-navy-800 underline underline-offset-2"
    >
      Download {file.filename} for Tabroom ({file.entries} {file.entries === 1 ? "entry" : "entries"})
    </a>
  );
}

const LEFT_OUT_REASON: Record<TabroomFiles["leftOut"][number]["reason"], string> = {
  dropped: "dropped",
  refunded: "refunded",
  "awaiting payment": "not paid",
  "name to correct": "its name begins with =, +, - or @, or has a character Tabroom cannot take: correct it below",
};

/**
 * The Tabroom files (decision 0046): how to import them, in two lines; the zip of every event and each event's file;
 * and what to check first: typed schools Tabroom will create, names to confirm, names written without accents, and
 * the entries left out with why.
 */
function TabroomPanel({ tournamentKey, roster }: { tournamentKey: string; roster: RosterData }) {
  const { files, leftOut, folded, typedSchoolEntries, typedSchools, toConfirm } = roster.tabroom;
  return (
    <section aria-labelledby="tabroom-title" className="grid gap-3 rounded-card border border-border bg-card p-4">
      <h3 id="tabroom-title" className="text-base font-semibold text-navy-900">
        Tabroom files
      </h3>
      <p className="text-sm">
        To import: in Tabroom, Entries, Import from CSV, choose the event, upload its file.
        <br />
        One file per event, in Tabroom&apos;s import template; each entry keeps its code.
      </p>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">No paid entries to import yet.</p>
      ) : (
        <>
          <div>
            <ExportLink href={tournamentPath(tournamentKey, "/tabroom.zip")}>All events for Tabroom (zip)</ExportLink>
          </div>
          <ul className="grid gap-1">
            {files.map((file) => (
              <li key={file.event}>
                <TabroomFileLink tournamentKey={tournamentKey} file={file} />
                {file.novices.length > 0 ? (
                  <p className="text-sm">
                    Mark these as novices in Tabroom after the upload: {file.novices.join(", ")}.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {typedSchoolEntries > 0 ? (
        <Notice
          tone="info"
          title={`${typedSchoolEntries} ${typedSchoolEntries === 1 ? "entry" : "entries"} from schools Tabroom will create`}
        >
          <p className="mt-1">
            Typed under Other and not merged into a member school: {typedSchools.join(", ")}. Tabroom makes a new school
            for a name it does not know; merge a typed school below first if it is a member school.
          </p>
        </Notice>
      ) : null}
      {toConfirm.length > 0 ? (
        <Notice tone="info" title={`${toConfirm.length} ${toConfirm.length === 1 ? "name" : "names"} to confirm`}>
          <p className="mt-1">
            Entered as one name before first and last names were asked apart; the files split each at its last space:{" "}
            {toConfirm.map((entry) => `${entry.student} (${entry.code ?? "—"})`).join(", ")}. Confirm or correct each on
            the roster below before uploading.
          </p>
        </Notice>
      ) : null}
      {folded.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold text-navy-900">Written without accents (Tabroom takes plain letters only)</p>
          <ul className="grid gap-0.5">
            {folded.map((name) => (
              <li key={`${name.code}-${name.typed}`}>
                {name.typed} as {name.written} ({name.code})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {leftOut.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold text-navy-900">Left out of the files</p>
          <ul className="grid gap-0.5">
            {leftOut.map((entry, index) => (
              <li key={`${entry.code}-${index}`}>
                {entry.student}, {entry.event}
                {entry.code === null ? "" : ` (${entry.code})`}: {LEFT_OUT_REASON[entry.reason]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Confirm (or correct) the first and last name an old entry's one-field name was split into (decision 0046). */
function ConfirmNameForm({ entry }: { entry: RosterEntry }) {
  const id = `name-${entry.orderId}`;
  return (
    <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="confirm-name" />
      <input type="hidden" name="orderId" value={entry.orderId} />
      <div className="grid gap-1">
        <Label htmlFor={`${id}-first`} className="text-xs">
          First name
        </Label>
        <Input id={`${id}-first`} name="first" defaultValue={entry.first} required maxLength={120} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-last`} className="text-xs">
          Last name
        </Label>
        <Input id={`${id}-last`} name="last" defaultValue={entry.last} required maxLength={120} />
      </div>
      <Button type="submit" size="sm" variant="outline" aria-label={`Confirm the name of ${entry.student}`}>
        Confirm
      </Button>
    </Form>
  );
}

/** Drop one entry: asks the server what it would refund, shown to confirm under the entry (decision 0050). */
function DropForm({ entry }: { entry: RosterEntry }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="drop" />
      <input type="hidden" name="orderId" value={entry.orderId} />
      <Button type="submit" size="sm" variant="outline" aria-label={`Drop ${entry.student} (${entry.event})`}>
        Drop…
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

/** Entries that repeat a student in the same event (docs/product.md#one-entry-per-student-and-event): counted here, each marked in its event's table. */
function DuplicatesNotice({ entries }: { entries: RosterEntry[] }) {
  const repeated = entries.filter((entry) => entry.duplicateOf).length;
  if (repeated === 0) return null;
  return (
    <Notice
      tone="error"
      title={
        repeated === 1
          ? "1 entry repeats a student already entered in the same event"
          : `${repeated} entries repeat a student already entered in the same event`
      }
    >
      Each is marked &ldquo;Duplicate of&rdquo; the earlier entry below. A student takes one entry per event: drop the
      repeat (with its refund) before handing the entries to Tabroom.
    </Notice>
  );
}
