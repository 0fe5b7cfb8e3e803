import { Link } from "react-router";
import { Badge } from "~/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { DashboardHeader, EmptyState } from "~/ui/dashboard";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { tournamentPath } from "./paths";
import type { SeasonSchool, SeasonTournament } from "./season.server";

const CATEGORIES = [
  ["debate", "Debate"],
  ["speech", "Speech"],
  ["congress", "Congress"],
] as const;

const WINDOW_LABEL = { open: "Registration open", "not-yet": "Not open yet", closed: "Registration closed" } as const;

/** `/coach`: the season at a glance (decision 0054). */
export function SeasonPage({ tournaments }: { tournaments: SeasonTournament[] }) {
  return (
    <div className="grid gap-6">
      <DashboardHeader
        title="Your season"
        description="Each open and upcoming tournament: your school's entries, the judges it owes and what needs you."
      />
      {tournaments.length === 0 ? (
        <EmptyState title="No tournaments coming up">
          <p>When the district schedules the next tournament, it appears here.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-5" aria-label="Tournaments">
          {tournaments.map((tournament) => (
            <li key={tournament.key}>
              <Card>
                <CardHeader className="flex flex-wrap items-baseline justify-between gap-2">
                  <CardTitle level={2}>
                    <Link to={tournamentPath(tournament.key)} className="underline-offset-4 hover:underline">
                      {tournament.title}
                    </Link>
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    {tournament.day} · <Badge variant="outline">{WINDOW_LABEL[tournament.window.state]}</Badge> · Last
                    day to register: {tournament.closes}
                  </p>
                </CardHeader>
                <CardContent className="grid gap-5">
                  {tournament.schools.map((school) => (
                    <SchoolSummary
                      key={school.code}
                      school={school}
                      many={tournament.schools.length > 1}
                      title={tournament.title}
                    />
                  ))}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SchoolSummary({ school, many, title }: { school: SeasonSchool; many: boolean; title: string }) {
  const needs = needsOf(school);
  // One level under the school's name when a coach has several schools, else straight under the tournament's h2.
  const Sub = many ? "h4" : "h3";
  return (
    <section className="grid gap-3" aria-label={`${school.name} at ${title}`}>
      {many ? <h3 className="font-semibold text-navy-900">{school.name}</h3> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <Sub className="text-sm font-semibold text-navy-900">Entries ({school.entryTotal})</Sub>
          {school.entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No entries yet.</p>
          ) : (
            <ul className="text-sm">
              {school.entries.map((row) => (
                <li key={row.event}>
                  {row.event}: {row.count}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="md:col-span-2">
          <Table>
            <caption className="sr-only">Judges {school.name} owes</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Judges</TableHead>
                <TableHead>Owed</TableHead>
                <TableHead>Confirmed</TableHead>
                <TableHead>Short</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {CATEGORIES.map(([category, label]) => (
                <TableRow key={category}>
                  <TableCell>{label}</TableCell>
                  <TableCell>{school.judges.owed[category]}</TableCell>
                  <TableCell>{school.judges.confirmed[category]}</TableCell>
                  <TableCell className={school.judges.short[category] > 0 ? "font-semibold text-destructive" : ""}>
                    {school.judges.short[category]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>
      <div>
        <Sub className="text-sm font-semibold text-navy-900">Needs you</Sub>
        {needs.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing needs you here.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentences of what needs the coach. */
export function needsOf(school: Pick<SeasonSchool, "needs" | "judges">): string[] {
  const needs: string[] = [];
  if (school.judges.shortTotal > 0)
    needs.push(`${plural(school.judges.shortTotal, "judge", "judges")} still to name and confirm.`);
  if (school.needs.pendingChanges > 0)
    needs.push(
      `${plural(school.needs.pendingChanges, "entry has a change", "entries have changes")} waiting for approval.`,
    );
  if (school.needs.staleUnpaid > 0)
    needs.push(`${plural(school.needs.staleUnpaid, "entry has", "entries have")} waited more than a day for payment.`);
  if (school.needs.judgesWaiting)
    needs.push(`${plural(school.needs.judgesWaiting, "judge waits", "judges wait")} for your answer.`);
  return needs;
}
