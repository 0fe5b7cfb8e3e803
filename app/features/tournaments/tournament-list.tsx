import { Link } from "react-router";
import { formatShortDate } from "~/features/events/dates";
import { Badge } from "~/ui/badge";
import { DashboardHeader, EmptyState, stackedTable } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { tournamentPath } from "./paths";
import type { StaffTournament } from "./staff-settings.server";
import { monthDay } from "./window";

const STATE_TEXT = { open: "Open", "not-yet": "Not open yet", closed: "Closed" } as const;

/** /admin/tournaments: the sheet's tournaments and any orphaned settings, with their windows and entries. */
export function TournamentList({ tournaments }: { tournaments: StaffTournament[] }) {
  const orphaned = tournaments.filter((item) => item.orphaned).length;
  return (
    <div className="grid gap-5">
      <DashboardHeader
        title="Tournaments"
        description="Registration windows, events and entry caps for each tournament of the published schedule, and its roster."
      />
      {orphaned > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {orphaned === 1 ? "One setting has" : `${orphaned} settings have`} lost {orphaned === 1 ? "its" : "their"}{" "}
          tournament: the schedule no longer lists that title on that date. Check the schedule, or delete the setting.
        </p>
      ) : null}
      {tournaments.length === 0 ? (
        <EmptyState title="No upcoming tournaments">
          <p>The published schedule lists no upcoming district tournament.</p>
        </EmptyState>
      ) : (
        <Table className={stackedTable}>
          <TableHeader>
            <TableRow>
              <TableHead>Tournament</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Registration</TableHead>
              <TableHead>Entries</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tournaments.map((item) => {
              const total = Object.values(item.entries).reduce((sum, n) => sum + n, 0);
              return (
                <TableRow key={item.key}>
                  <TableCell data-label="Tournament">
                    <Link
                      to={tournamentPath(item.key)}
                      className="font-medium text-navy-800 underline underline-offset-2"
                    >
                      {item.title}
                    </Link>
                    {item.orphaned ? (
                      <Badge variant="danger" className="ml-2">
                        Not in the schedule
                      </Badge>
                    ) : null}
                    {item.past ? (
                      <Badge variant="muted" className="ml-2">
                        Past
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell data-label="Date">{formatShortDate(item.date)}</TableCell>
                  <TableCell data-label="Registration">
                    {item.takesEntries ? null : "Takes no entries"}
                    {item.takesEntries ? STATE_TEXT[item.window.state] : null}
                    {item.takesEntries && item.window.state === "not-yet" && item.window.opensOn
                      ? `, opens ${monthDay(item.window.opensOn)}`
                      : null}
                    {item.takesEntries && item.window.state === "open"
                      ? `, closes ${monthDay(item.window.closesOn)}`
                      : null}
                  </TableCell>
                  <TableCell data-label="Entries" className="tabular-nums">
                    {total}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
