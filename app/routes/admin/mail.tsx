import { z } from "~/core/zod";
import { formText, notUnderstood, readForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { auditedChange } from "~/features/accounts/audit.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { discardFailed, LONG_RETRY_MINUTES, listMailProblems, sendAgain } from "~/features/email/mail-admin.server";
import { MailProblems } from "~/features/email/mail-problems";
import { formatDateTime } from "~/core/format";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [{ title: "Mail Delivery | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const problems = await listMailProblems(getDb(context));
  return {
    retryMinutes: LONG_RETRY_MINUTES,
    problems: problems.map((problem) => ({
      id: problem.id,
      to: problem.to,
      subject: problem.subject,
      state: problem.state,
      attempts: problem.attempts,
      lastError: problem.lastError,
      queued: formatDateTime(problem.createdAt),
      nextTry: problem.state === "retrying" ? formatDateTime(problem.nextAttemptAt) : null,
    })),
  };
}

const actionSchema = z.object({ intent: z.enum(["send-again", "discard"]), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const parsed = actionSchema.safeParse({ intent: formText(form, "intent"), id: formText(form, "id") });
  if (!parsed.success) {
    return notUnderstood();
  }
  const { intent, id } = parsed.data;
  const row = await auditedChange(
    getDb(context),
    admin,
    (tx) => (intent === "send-again" ? sendAgain(tx, id) : discardFailed(tx, id)),
    (changed) => ({
      action: intent === "send-again" ? "email.resend" : "email.discard",
      details: { emailId: id, subject: changed.subject },
    }),
  );
  if (!row) {
    return redirectWithToast("/admin/mail", {
      type: "error",
      title: "Nothing to do",
      description: "That email was already sent, sent again or removed.",
    });
  }
  logger.info({ emailId: id, intent, actorUserId: admin.id }, "outbox message handled by staff");
  return redirectWithToast("/admin/mail", {
    type: "success",
    title: intent === "send-again" ? "Queued to send again" : "Email discarded",
    description: `"${row.subject}" to ${row.to}.`,
  });
}

export default function AdminMailPage({ loaderData }: Route.ComponentProps) {
  return <MailProblems problems={loaderData.problems} retryMinutes={loaderData.retryMinutes} />;
}
