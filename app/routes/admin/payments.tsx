import { formatCents, formatDateTime } from "~/core/format";
import { formText, notUnderstood, readForm } from "~/core/form.server";
import { logger } from "~/core/logger.server";
import { redirectWithToast } from "~/core/toast.server";
import { z } from "~/core/zod";
import { getDb } from "~/db/context";
import { auditedChange } from "~/features/accounts/audit.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { AttentionList } from "~/features/payments/attention/attention-list";
import {
  ATTENTION_PATH,
  ATTENTION_TEXT,
  listPaymentsNeedingAttention,
  resolvePaymentAttention,
} from "~/features/payments/attention/attention.server";
import { checkoutReference } from "~/features/payments/checkout/confirmation-email";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [{ title: "Payments needing attention | Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await listPaymentsNeedingAttention(getDb(context));
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: ATTENTION_TEXT[row.reason].title,
      todo: ATTENTION_TEXT[row.reason].todo,
      amount:
        row.amount === null
          ? null
          : `${formatCents(row.amount)}${row.currency && row.currency !== "usd" ? ` ${row.currency.toUpperCase()}` : ""}`,
      email: row.email,
      reference: row.checkoutId ? checkoutReference({ id: row.checkoutId }) : null,
      sessionId: row.providerSessionId,
      paymentId: row.providerPaymentId,
      provider: row.provider,
      received: formatDateTime(row.createdAt),
      resolved: row.resolvedAt
        ? `${formatDateTime(row.resolvedAt)}${row.resolvedBy ? ` by ${row.resolvedBy}` : ""}`
        : null,
    })),
  };
}

const actionSchema = z.object({ intent: z.literal("resolve"), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const parsed = actionSchema.safeParse({ intent: formText(form, "intent"), id: formText(form, "id") });
  if (!parsed.success) {
    return notUnderstood();
  }
  const row = await auditedChange(
    getDb(context),
    admin,
    (tx) => resolvePaymentAttention(tx, parsed.data.id, admin.email),
    (resolved) => ({
      action: "payment.resolve",
      details: {
        attentionId: resolved.id,
        reason: resolved.reason,
        sessionId: resolved.providerSessionId,
        amount: resolved.amount,
      },
    }),
  );
  if (!row) {
    return redirectWithToast(ATTENTION_PATH, {
      type: "error",
      title: "Nothing to do",
      description: "That payment was already resolved.",
    });
  }
  logger.info({ attentionId: row.id, actorUserId: admin.id }, "payment needing attention resolved by staff");
  return redirectWithToast(ATTENTION_PATH, {
    type: "success",
    title: "Marked as resolved",
    description: `${row.amount === null ? "The payment" : formatCents(row.amount)}${row.email ? ` from ${row.email}` : ""}.`,
  });
}

export default function AdminPaymentsPage({ loaderData }: Route.ComponentProps) {
  return <AttentionList items={loaderData.items} />;
}
