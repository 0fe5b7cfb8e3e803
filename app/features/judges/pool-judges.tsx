import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { stackedTable } from "~/ui/dashboard";
import { Select } from "~/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { CATEGORY_LABELS, JUDGE_CATEGORIES, type JudgeCategory } from "./categories";
import type { PoolJudge } from "./pool.server";

export const judgeCategories = (judge: Pick<PoolJudge, "categories">) =>
  judge.categories.map((category: JudgeCategory) => CATEGORY_LABELS[category]).join(", ");

export const STATUS_BADGE = { pending: "warning", confirmed: "success", withdrawn: "muted" } as const;
export const STATUS_LABEL = { pending: "not confirmed", confirmed: "confirmed", withdrawn: "withdrawn" } as const;

/** Who vouched that the judge is the school's (decision 0049), as staff read it. */
const VOUCHED_LABEL = {
  family: "the school's registration",
  staff: "staff",
  coach: "the school's coach",
} as const;

/**
 * The judges of a pool (decisions 0045, 0049): each with who vouched for them (or "waiting for the school", with
 * Accept for admins), the other names their email was named under, and the one Tabroom file they are in (admins
 * move them to another category they can judge). Plain forms: they work without JavaScript.
 */
export function JudgeList({
  title,
  judges,
  empty,
  canManage,
  forSchools,
}: {
  title: string;
  judges: Array<PoolJudge & { at: string }>;
  empty: string;
  canManage: boolean;
  /** Judges named for a school: who vouched matters. */
  forSchools: boolean;
}) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="text-xl font-bold text-navy-900">{title}</h2>
      {judges.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <Table className={stackedTable}>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>School</TableHead>
              <TableHead>Can judge</TableHead>
              <TableHead>Status</TableHead>
              {forSchools ? <TableHead>Vouched by</TableHead> : null}
              <TableHead>Tabroom file</TableHead>
              <TableHead>Email</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {judges.map((judge) => {
              const name = `${judge.firstName} ${judge.lastName}`;
              return (
                <TableRow key={judge.id} aria-label={name}>
                  <TableCell data-label="Name">
                    {name}
                    {judge.otherNames.length > 0 ? (
                      <span className="block text-xs font-semibold text-amber-900">
                        Also named as {judge.otherNames.join(", ")}
                      </span>
                    ) : null}
                    {judge.note ? <span className="block text-xs text-muted-foreground">{judge.note}</span> : null}
                  </TableCell>
                  <TableCell data-label="School">{judge.at}</TableCell>
                  <TableCell data-label="Can judge">{judgeCategories(judge)}</TableCell>
                  <TableCell data-label="Status">
                    <Badge variant={STATUS_BADGE[judge.status]}>{STATUS_LABEL[judge.status]}</Badge>
                  </TableCell>
                  {forSchools ? (
                    <TableCell data-label="Vouched by">
                      {judge.vouchedBy ? (
                        VOUCHED_LABEL[judge.vouchedBy]
                      ) : (
                        <div className="grid gap-1">
                          <Badge variant="warning">waiting for the school</Badge>
                          {canManage ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="accept" />
                              <input type="hidden" name="judgeId" value={judge.id} />
                              <Button
                                type="submit"
                                size="sm"
                                variant="outline"
                                aria-label={`Accept ${name} for ${judge.at}`}
                              >
                                Accept
                              </Button>
                            </Form>
                          ) : null}
                        </div>
                      )}
                    </TableCell>
                  ) : null}
                  <TableCell data-label="Tabroom file">
                    {canManage && judge.categories.length > 1 ? (
                      <Form method="post" className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="judgeId" value={judge.id} />
                        <Select
                          name="category"
                          defaultValue={judge.fileCategory}
                          aria-label={`Tabroom file of ${name}`}
                          className="w-auto"
                        >
                          {JUDGE_CATEGORIES.filter((category) => judge.categories.includes(category)).map(
                            (category) => (
                              <option key={category} value={category}>
                                {CATEGORY_LABELS[category]}
                              </option>
                            ),
                          )}
                        </Select>
                        <Button type="submit" size="sm" variant="outline" aria-label={`Move ${name}`}>
                          Move
                        </Button>
                      </Form>
                    ) : (
                      CATEGORY_LABELS[judge.fileCategory]
                    )}
                  </TableCell>
                  <TableCell data-label="Email" className="break-all">
                    {judge.email}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
