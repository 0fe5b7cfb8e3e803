import { RotateCw, Trash2 } from "lucide-react";
import { DashboardHeader, EmptyState } from "~/ui/dashboard";
import { ProblemAction, ProblemCard, ProblemDetails, ProblemList } from "~/ui/problem-list";

export type MailProblemView = {
  id: string;
  to: string;
  subject: string;
  state: "failed" | "retrying";
  attempts: number;
  lastError: string | null;
  queued: string;
  nextTry: string | null;
};

/**
 * /admin/mail: messages the outbox could not deliver, and those still
 * retrying after a while, each with "Send again" (a plain form post, so it
 * works without JavaScript).
 */
export function MailProblems({ problems, retryMinutes }: { problems: MailProblemView[]; retryMinutes: number }) {
  return (
    <div className="grid gap-5">
      <DashboardHeader
        title="Mail Delivery"
        description={`Emails that could not be delivered, and emails still retrying after ${retryMinutes} minutes. Everything else went out.`}
      />
      {problems.length === 0 ? (
        <EmptyState title="Every email has been delivered">
          <p>Messages that fail, or keep failing, appear here so you can send them again.</p>
        </EmptyState>
      ) : (
        <ProblemList label="Emails that need attention">
          {problems.map((problem) => (
            <ProblemCard
              key={problem.id}
              title={problem.subject}
              subtitle={`To: ${problem.to}`}
              badge={
                problem.state === "failed"
                  ? { variant: "danger", text: "Failed" }
                  : { variant: "warning", text: "Retrying" }
              }
            >
              <ProblemDetails
                rows={[
                  ["Queued", problem.queued],
                  ["Tries", problem.attempts, "tabular"],
                  problem.nextTry ? ["Next try", problem.nextTry] : null,
                  problem.lastError ? ["Last error", problem.lastError, "font-mono text-xs break-words"] : null,
                ]}
              />
              <div className="flex flex-wrap gap-2">
                <ProblemAction
                  id={problem.id}
                  intent="send-again"
                  icon={<RotateCw aria-hidden="true" />}
                  label="Send again"
                  subject={problem.subject}
                />
                {problem.state === "failed" ? (
                  <ProblemAction
                    id={problem.id}
                    intent="discard"
                    icon={<Trash2 aria-hidden="true" />}
                    label="Discard"
                    subject={problem.subject}
                    variant="outline"
                  />
                ) : null}
              </div>
            </ProblemCard>
          ))}
        </ProblemList>
      )}
    </div>
  );
}
