import { RotateCw, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { DashboardHeader, EmptyState } from "~/ui/dashboard";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";

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
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
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
        <ul className="grid gap-3" aria-label="Emails that need attention">
          {problems.map((problem) => (
            <li key={problem.id} className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-xs">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-semibold break-words text-navy-900">{problem.subject}</p>
                  <p className="text-sm break-all text-muted-foreground">To: {problem.to}</p>
                </div>
                <Badge variant={problem.state === "failed" ? "danger" : "warning"}>
                  {problem.state === "failed" ? "Failed" : "Retrying"}
                </Badge>
              </div>
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-muted-foreground">Queued</dt>
                <dd>{problem.queued}</dd>
                <dt className="font-semibold text-muted-foreground">Tries</dt>
                <dd className="tabular">{problem.attempts}</dd>
                {problem.nextTry ? (
                  <>
                    <dt className="font-semibold text-muted-foreground">Next try</dt>
                    <dd>{problem.nextTry}</dd>
                  </>
                ) : null}
                {problem.lastError ? (
                  <>
                    <dt className="font-semibold text-muted-foreground">Last error</dt>
                    <dd className="font-mono text-xs break-words">{problem.lastError}</dd>
                  </>
                ) : null}
              </dl>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={problem.id} />
                  <Button type="submit" name="intent" value="send-again" disabled={busyId === problem.id}>
                    <RotateCw aria-hidden="true" />
                    Send again<span className="sr-only">: {problem.subject}</span>
                  </Button>
                </Form>
                {problem.state === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={problem.id} />
                    <Button type="submit" name="intent" value="discard" variant="outline" disabled={busyId === problem.id}>
                      <Trash2 aria-hidden="true" />
                      Discard<span className="sr-only">: {problem.subject}</span>
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
