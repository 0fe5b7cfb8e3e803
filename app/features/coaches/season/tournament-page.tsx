import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { DashboardHeader, EmptyState, ExportLink, stackedTable } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { tournamentCsvPath } from "./paths";

/** What the page shows of one entry (dates already written for people). */
export type CoachEntryView = {
  orderId: string;
  code: number | null;
  event: string;
  student: string;
  partner: string | null;
  school: string;
  state: string;
  email: string;
  paidBy: string;
};

export type CoachTournamentView = {
  key: string;
  title: string;
  day: string;
  closes: string;
  entries: CoachEntryView[];
  history: Array<{
    id: string;
    student: string;
    event: string;
    by: string;
    summary: string;
    status: string;
    at: string;
  }>;
  leftOut: Array<{ orderId: string; code: number | null; event: string; student: string; reason: string }>;
};

/** `/coach/tournaments/:key`: the school's entries, their history and what Tabroom's files leave out (read-only). */
export function CoachTournamentPage({ tournament }: { tournament: CoachTournamentView }) {
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to="/coach" className="underline underline-offset-4">
          Back to your season
        </Link>
      </p>
      <DashboardHeader
        title={tournament.title}
        description={`${tournament.day} · Last day to register: ${tournament.closes}`}
      >
        {tournament.entries.length > 0 ? (
          <ExportLink href={tournamentCsvPath(tournament.key)}>Download entries (CSV)</ExportLink>
        ) : null}
      </DashboardHeader>

      <Card>
        <CardHeader>
          <CardTitle level={2}>Your school's entries ({tournament.entries.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {tournament.entries.length === 0 ? (
            <EmptyState title="No entries yet">
              <p>Families register and pay on the Fees page; their entries appear here.</p>
            </EmptyState>
          ) : (
            <Table className={stackedTable}>
              <caption className="sr-only">Your school's entries</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Student</TableHead>
                  <TableHead>Partner</TableHead>
                  <TableHead>Event</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Family</TableHead>
                  <TableHead>Paid by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {tournament.entries.map((entry) => (
                  <TableRow key={entry.orderId}>
                    <TableCell data-label="Code">{entry.code ?? "—"}</TableCell>
                    <TableCell data-label="Student">{entry.student}</TableCell>
                    <TableCell data-label="Partner">{entry.partner ?? "—"}</TableCell>
                    <TableCell data-label="Event">{entry.event}</TableCell>
                    <TableCell data-label="Status">{entry.state}</TableCell>
                    <TableCell data-label="Family" className="break-all">
                      {entry.email}
                    </TableCell>
                    <TableCell data-label="Paid by">{entry.paidBy}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle level={2}>Left out of Tabroom's files</CardTitle>
        </CardHeader>
        <CardContent>
          {tournament.leftOut.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every one of your school's entries is in Tabroom's files.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {tournament.leftOut.map((entry) => (
                <li key={entry.orderId}>
                  {entry.student} ({entry.event}
                  {entry.code === null ? "" : `, code ${entry.code}`}): {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle level={2}>History of your school's entries</CardTitle>
        </CardHeader>
        <CardContent>
          {tournament.history.length === 0 ? (
            <p className="text-sm text-muted-foreground">No entry has changed since it was made.</p>
          ) : (
            <ol className="grid gap-2 text-sm">
              {tournament.history.map((change) => (
                <li key={change.id}>
                  <span className="font-semibold">{change.at}</span> · {change.student} ({change.event}):{" "}
                  {change.summary} <span className="text-muted-foreground">by {change.by}</span>
                  {change.status === "applied" ? null : (
                    <span className="text-muted-foreground"> ({change.status})</span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
