import { Form, Link } from "react-router";
import { formatLongDate } from "~/features/events/dates";
import { type FormAnswer, FormAnswerNotice } from "~/features/tournaments/form-answer";
import { MessageForm, type MessagePreview } from "~/features/tournaments/message-form";
import { tournamentPath } from "~/features/tournaments/paths";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DashboardHeader, ExportLink, stackedTable } from "~/ui/dashboard";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { CATEGORY_LABELS, JUDGE_CATEGORIES } from "./categories";
import { judgeFormPath } from "./paths";
import { JudgeList, judgeCategories as categories, STATUS_BADGE, STATUS_LABEL } from "./pool-judges";
import type { JudgePool } from "./pool.server";

export type PoolPageData = {
  tournament: { key: string; title: string; date: string };
  pool: Omit<JudgePool, "shortRecipients">;
  /** Addresses the shortfall message reaches. */
  shortRecipients: number;
  canManage: boolean;
  sendKey: string;
  /** The judge form for this tournament, absolute (PUBLIC_URL): the shortfall message's link. */
  judgeFormUrl: string;
  /** The shortfall message's preview, after a Preview, a test or an unconfirmed Send. */
  preview?: MessagePreview | null;
};

/** /admin/tournaments/:key/judges: what each school owes and has, the volunteers, Tabroom's files (decision 0045). */
export function PoolPage({ data, answers }: { data: PoolPageData; answers: Record<string, FormAnswer | null> }) {
  const { tournament, pool, canManage } = data;
  const judges = pool.schools.flatMap((school) => school.judges.map((judge) => ({ ...judge, at: school.school })));
  const feeSchools = pool.schools.filter((school) => school.fees > 0);
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to={tournamentPath(tournament.key)} className="text-navy-800 underline underline-offset-2">
          Back to {tournament.title}
        </Link>
      </p>
      <DashboardHeader
        title={`Judges: ${tournament.title}`}
        description={`${formatLongDate(tournament.date)}. One judge per ${JUDGE_CATEGORIES.map((category) => `${pool.settings.entriesPerJudge[category]} ${CATEGORY_LABELS[category]}`).join(", ")} entries; a Judge Fee covers ${pool.settings.judgesPerFee}.`}
      />
      <FormAnswerNotice answer={answers.page ?? null} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Totals">
        {[
          ["Owed", pool.totals.owed],
          ["Confirmed", pool.totals.confirmed],
          ["Short", pool.totals.shortfall],
          ["Schools short", pool.totals.schoolsShort],
        ].map(([label, value]) => (
          <div key={label} className="rounded-card border border-border bg-card p-3">
            <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
            <dd className="text-2xl font-bold text-navy-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {JUDGE_CATEGORIES.map((category) => (
          <ExportLink key={category} href={tournamentPath(tournament.key, `/judges.csv?category=${category}`)}>
            {CATEGORY_LABELS[category]} judges (Tabroom CSV)
          </ExportLink>
        ))}
        <a href={judgeFormPath(tournament.key)} className="text-sm text-navy-800 underline underline-offset-2">
          The judge form for this tournament
        </a>
      </div>

      <section aria-labelledby="schools-title" className="grid gap-2">
        <h2 id="schools-title" className="text-xl font-bold text-navy-900">
          Schools
        </h2>
        {pool.schools.length === 0 ? (
          <p className="text-sm text-muted-foreground">No paid entries or Judge Fees yet.</p>
        ) : (
          <Table className={stackedTable}>
            <TableHeader>
              <TableRow>
                <TableHead>School</TableHead>
                <TableHead>Entries</TableHead>
                <TableHead>Owed</TableHead>
                <TableHead>Fee-covered</TableHead>
                <TableHead>Named</TableHead>
                <TableHead>Confirmed</TableHead>
                <TableHead>Short</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pool.schools.map((school) => {
                const { obligation } = school;
                const short = obligation.shortfallTotal > 0;
                return (
                  <TableRow
                    key={school.id}
                    data-school={school.school}
                    className={short ? "bg-red-50" : undefined}
                    aria-label={school.school}
                  >
                    <TableCell data-label="School" className="font-medium">
                      {school.school || "No school"}
                      {school.schoolCode ? ` (${school.schoolCode})` : " (typed)"}
                      {school.tabroomName && school.tabroomName !== school.school ? (
                        <span className="block text-xs text-muted-foreground">In Tabroom: {school.tabroomName}</span>
                      ) : null}
                    </TableCell>
                    <TableCell data-label="Entries" className="tabular-nums">
                      {JUDGE_CATEGORIES.map(
                        (category) => `${CATEGORY_LABELS[category]} ${obligation.entries[category]}`,
                      ).join(", ")}
                    </TableCell>
                    <TableCell data-label="Owed" className="tabular-nums">
                      {obligation.owedTotal}
                    </TableCell>
                    <TableCell data-label="Fee-covered" className="tabular-nums">
                      {obligation.feeCovered}
                    </TableCell>
                    <TableCell data-label="Named" className="tabular-nums">
                      {obligation.named}
                    </TableCell>
                    <TableCell data-label="Confirmed" className="tabular-nums">
                      {obligation.confirmed}
                    </TableCell>
                    <TableCell data-label="Short" data-testid="shortfall">
                      {short ? (
                        <Badge variant="danger">
                          {obligation.shortfallTotal} short (
                          {JUDGE_CATEGORIES.filter((category) => obligation.shortfall[category] > 0)
                            .map((category) => `${CATEGORY_LABELS[category]} ${obligation.shortfall[category]}`)
                            .join(", ")}
                          )
                        </Badge>
                      ) : (
                        <Badge variant="success">covered</Badge>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </section>

      <JudgeList
        title="Judges named"
        judges={judges}
        empty="No judge named for a school yet."
        canManage={canManage}
        forSchools
      />
      {pool.unaffiliated.length > 0 ? (
        <JudgeList
          title="Judges for no school"
          judges={pool.unaffiliated.map((judge) => ({ ...judge, at: "No school" }))}
          empty=""
          canManage={canManage}
          forSchools={false}
        />
      ) : null}

      <section aria-labelledby="fees-title" className="grid gap-2">
        <h2 id="fees-title" className="text-xl font-bold text-navy-900">
          Paid by Judge Fees
        </h2>
        <p className="text-sm text-muted-foreground">
          The district hires these judges; Tabroom&apos;s file does not import hired judging, so they are listed here.
        </p>
        {feeSchools.length === 0 ? (
          <p className="text-sm text-muted-foreground">No Judge Fees paid for this tournament yet.</p>
        ) : (
          <Table className={stackedTable}>
            <TableHeader>
              <TableRow>
                <TableHead>School</TableHead>
                <TableHead>Fees</TableHead>
                <TableHead>Judges covered</TableHead>
                <TableHead>Contact</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {feeSchools.map((school) => (
                <TableRow key={school.id}>
                  <TableCell data-label="School">{school.school}</TableCell>
                  <TableCell data-label="Fees" className="tabular-nums">
                    {school.fees}
                  </TableCell>
                  <TableCell data-label="Judges covered" className="tabular-nums">
                    {school.obligation.feeCovered}
                  </TableCell>
                  <TableCell data-label="Contact" className="break-all">
                    {school.feeContacts.join("; ") || "—"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="volunteers-title" className="grid gap-2">
        <h2 id="volunteers-title" className="text-xl font-bold text-navy-900">
          Volunteers not yet assigned
        </h2>
        {pool.volunteers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No volunteer is waiting for a tournament.</p>
        ) : (
          <Table className={stackedTable}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Can judge</TableHead>
                <TableHead>School</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Email</TableHead>
                {canManage ? <TableHead>Assign</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {pool.volunteers.map((judge) => (
                <TableRow key={judge.id}>
                  <TableCell data-label="Name">
                    {judge.firstName} {judge.lastName}
                    {judge.note ? <span className="block text-xs text-muted-foreground">{judge.note}</span> : null}
                  </TableCell>
                  <TableCell data-label="Can judge">{categories(judge)}</TableCell>
                  <TableCell data-label="School">{judge.school || "No school"}</TableCell>
                  <TableCell data-label="Status">
                    <Badge variant={STATUS_BADGE[judge.status]}>{STATUS_LABEL[judge.status]}</Badge>
                  </TableCell>
                  <TableCell data-label="Email" className="break-all">
                    {judge.email}
                  </TableCell>
                  {canManage ? (
                    <TableCell data-label="Assign">
                      <Form method="post">
                        <input type="hidden" name="intent" value="assign" />
                        <input type="hidden" name="judgeId" value={judge.id} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          aria-label={`Assign ${judge.firstName} ${judge.lastName} to this tournament`}
                        >
                          Assign here
                        </Button>
                      </Form>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      {canManage ? <ShortMessageForm data={data} answer={answers.message ?? null} /> : null}
      {canManage ? <JudgeSettingsForm data={data} answer={answers.settings ?? null} /> : null}
    </div>
  );
}

/**
 * A message to the registrants of every school short of judges, through the tournament message feature's steps
 * (decision 0051): Preview with the count, "Send a test to me", then Send naming the count. Its link to the judge
 * form is absolute: it is read in a mail program.
 */
function ShortMessageForm({ data, answer }: { data: PoolPageData; answer: FormAnswer | null }) {
  const schools = data.pool.totals.schoolsShort;
  if (schools === 0)
    return (
      <section
        aria-labelledby="message-title"
        className="grid gap-2 rounded-card border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="message-title" className="text-lg font-semibold text-navy-900">
          Message the schools short of judges
        </h2>
        <p className="text-sm text-muted-foreground">No school is short of judges.</p>
      </section>
    );
  return (
    <MessageForm
      events={[]}
      sendKey={data.sendKey}
      draft={data.preview ?? null}
      answer={answer}
      title="Message the schools short of judges"
      audience={`the registrants of ${schools} ${schools === 1 ? "school" : "schools"} short of judges: ${data.shortRecipients} ${data.shortRecipients === 1 ? "address" : "addresses"}, one email each.`}
      initial={{
        subject: "Judges needed",
        body: `Your school still owes judges for ${data.tournament.title}. Please name them on the judge form: ${data.judgeFormUrl}`,
      }}
    />
  );
}

function JudgeSettingsForm({ data, answer }: { data: PoolPageData; answer: FormAnswer | null }) {
  const { settings } = data.pool;
  return (
    <Form
      method="post"
      className="grid gap-4 rounded-card border border-border bg-card p-4 sm:p-6"
      aria-labelledby="judge-settings-title"
    >
      <h2 id="judge-settings-title" className="text-lg font-semibold text-navy-900">
        Judge settings
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {JUDGE_CATEGORIES.map((category) => (
          <div key={category} className="grid gap-1.5">
            <Label htmlFor={`perJudge-${category}`}>Entries per {CATEGORY_LABELS[category]} judge</Label>
            <Input
              id={`perJudge-${category}`}
              name={`perJudge-${category}`}
              inputMode="numeric"
              defaultValue={settings.entriesPerJudge[category]}
              required
            />
          </div>
        ))}
        <div className="grid gap-1.5">
          <Label htmlFor="judgesPerFee">Judges per Judge Fee</Label>
          <Input
            id="judgesPerFee"
            name="judgesPerFee"
            inputMode="numeric"
            defaultValue={settings.judgesPerFee}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="roundsObligated">Rounds obligated (Tabroom)</Label>
          <Input
            id="roundsObligated"
            name="roundsObligated"
            inputMode="numeric"
            defaultValue={settings.roundsObligated}
            required
          />
        </div>
      </div>
      <FormAnswerNotice answer={answer} />
      <Button type="submit" name="intent" value="judge-settings" className="justify-self-start">
        Save judge settings
      </Button>
    </Form>
  );
}
