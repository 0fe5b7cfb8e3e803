import { CircleCheck, CircleX } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { Notice } from "~/ui/notice";
import { PendingButton } from "~/ui/pending-button";
import { CATEGORY_LABELS, type JudgeCategory } from "./categories";

export type JudgeLinkData = {
  name: string;
  tournament: string;
  school: string;
  categories: JudgeCategory[];
  status: "pending" | "confirmed" | "withdrawn";
};

const STATUS: Record<JudgeLinkData["status"], { label: string; tone: "warning" | "success" | "muted" }> = {
  pending: { label: "Not yet confirmed", tone: "warning" },
  confirmed: { label: "Confirmed", tone: "success" },
  withdrawn: { label: "Withdrawn", tone: "muted" },
};

/** A judge's own page at the link in their email: confirm, or withdraw (decision 0045). Plain forms, no script needed. */
export function JudgeLinkPage({ judge, answer }: { judge: JudgeLinkData; answer: string | null }) {
  const status = STATUS[judge.status];
  return (
    <div className="grid gap-5">
      {answer ? (
        <Notice tone={judge.status === "withdrawn" ? "info" : "success"} icon={CircleCheck} title={answer} />
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-navy-900">Judge</dt>
        <dd>{judge.name}</dd>
        <dt className="font-semibold text-navy-900">Tournament</dt>
        <dd>{judge.tournament}</dd>
        <dt className="font-semibold text-navy-900">For school</dt>
        <dd>{judge.school || "No school (volunteer)"}</dd>
        <dt className="font-semibold text-navy-900">Can judge</dt>
        <dd>{judge.categories.map((category) => CATEGORY_LABELS[category]).join(", ")}</dd>
        <dt className="font-semibold text-navy-900">Status</dt>
        <dd>
          <Badge variant={status.tone}>{status.label}</Badge>
        </dd>
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row">
        {judge.status !== "confirmed" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <PendingButton pending={false} icon={<CircleCheck aria-hidden="true" />} size="lg">
              {judge.status === "withdrawn" ? "Judge after all" : "Confirm I will judge"}
            </PendingButton>
          </Form>
        ) : null}
        {judge.status !== "withdrawn" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <PendingButton pending={false} icon={<CircleX aria-hidden="true" />} size="lg" variant="outline">
              Withdraw
            </PendingButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
