import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { formatTournamentDate, type TournamentEntries } from "./entries";

/** Entries per tournament and competition event, the counts a tournament director plans rooms and judges with. */
export function EntriesView({ groups }: { groups: TournamentEntries[] }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      {groups.map((group) => {
        const headingId = `entries-${slug(group.tournamentName)}-${group.tournamentDate ?? ""}`;
        return (
          <section key={headingId} aria-labelledby={headingId} className="grid content-start gap-2">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={headingId} className="text-base font-bold text-navy-900">
                {group.tournamentName}
                {group.tournamentDate ? (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {formatTournamentDate(group.tournamentDate)}
                  </span>
                ) : null}
              </h2>
              <p className="shrink-0 text-sm font-semibold tabular">
                {group.total} {group.total === 1 ? "entry" : "entries"}
              </p>
            </div>
            <Table aria-labelledby={headingId}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Event</TableHead>
                  <TableHead scope="col" className="text-right">
                    Entries
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {group.events.map((event) => (
                  <TableRow key={event.eventType}>
                    <TableCell>{event.eventType}</TableCell>
                    <TableCell className="text-right font-semibold">
                      {event.entries}
                      {/* A refunded registration is still listed, and says so (decision 0025). */}
                      {event.refunded ? (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {event.refunded} refunded
                        </span>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        );
      })}
    </div>
  );
}

function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
