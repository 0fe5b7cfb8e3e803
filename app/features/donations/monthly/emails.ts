import { formatCents } from "~/core/format";
import type { MonthlyGift } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, singleLine } from "~/features/email/templates";
import { SANDBOX_NOTICE, SANDBOX_SUBJECT_PREFIX } from "~/features/payments/sandbox-notice";

export const MANAGE_LINK_LABEL = "Manage your monthly gift";

export function managePath(token: string): string {
  return `/donate/monthly/${encodeURIComponent(token)}`;
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${managePath(token)}`;
}

/** "$25.00 a month" (with the covered card fee, when chosen). */
export function monthlyAmountText(gift: Pick<MonthlyGift, "amountCents" | "feeCents">): string {
  const total = formatCents(gift.amountCents + gift.feeCents);
  return gift.feeCents > 0
    ? `${total} a month (includes ${formatCents(gift.feeCents)} to cover card fees)`
    : `${total} a month`;
}

export type MonthlyChange = "amount" | "paused" | "resumed" | "canceled" | "ended";

const changeText: Record<MonthlyChange, { subject: string; title: string; line: string }> = {
  amount: {
    subject: "Your monthly gift amount changed",
    title: "Your monthly gift amount changed",
    line: "From your next monthly charge on, your gift is",
  },
  paused: {
    subject: "Your monthly gift is paused",
    title: "Your monthly gift is paused",
    line: "Nothing is charged until you resume your gift of",
  },
  resumed: {
    subject: "Your monthly gift is resumed",
    title: "Your monthly gift is resumed",
    line: "Your monthly charges start again:",
  },
  canceled: {
    subject: "Your monthly gift is canceled",
    title: "Your monthly gift is canceled",
    line: "Nothing more will be charged. Your gift was",
  },
  ended: {
    subject: "Your monthly gift has ended",
    title: "Your monthly gift has ended",
    line: "Your card provider ended the monthly charges. Your gift was",
  },
};

type Identity = { siteName: string; publicUrl: string };

/** The confirmation of a change the donor (or the provider) made, through the outbox. */
export function monthlyChangeEmail(
  gift: MonthlyGift,
  change: MonthlyChange,
  identity: Identity,
  manageToken: string,
): EmailMessage {
  const test = gift.provider === "sandbox";
  const text = changeText[change];
  const ended = change === "canceled" || change === "ended";
  const body = renderEmail({
    title: text.title,
    intro: [
      ...(test ? [SANDBOX_NOTICE] : []),
      `Dear ${gift.firstName} ${gift.lastName}, ${text.line} ${monthlyAmountText(gift)}.`,
      ended
        ? `Thank you for your support of ${identity.siteName}. Your receipts stay valid for your tax records.`
        : "If you did not make this change, please reply to this email.",
    ],
    ...(ended ? {} : { action: { label: MANAGE_LINK_LABEL, url: manageUrl(identity.publicUrl, manageToken) } }),
  });
  return {
    to: gift.email,
    subject: singleLine(`${test ? SANDBOX_SUBJECT_PREFIX : ""}${text.subject} (${identity.siteName})`),
    ...body,
    // Blanked in the outbox's copy once sent: the log keeps no working manage link.
    secrets: [manageToken],
  };
}

/** A renewal the card did not pay: the donor gets the manage link, where the card can be updated. */
export function failedRenewalEmail(
  gift: MonthlyGift,
  amountCents: number,
  identity: Identity,
  manageToken: string,
): EmailMessage {
  const test = gift.provider === "sandbox";
  const body = renderEmail({
    title: "Your monthly gift could not be charged",
    intro: [
      ...(test ? [SANDBOX_NOTICE] : []),
      `Dear ${gift.firstName} ${gift.lastName}, this month's charge of ${formatCents(amountCents)} for your monthly gift to ${identity.siteName} did not go through.`,
      "Please update your card; we will try again over the next days. You can also pause or cancel your gift on the same page.",
    ],
    action: { label: "Update your card", url: manageUrl(identity.publicUrl, manageToken) },
  });
  return {
    to: gift.email,
    subject: singleLine(
      `${test ? SANDBOX_SUBJECT_PREFIX : ""}Please update your card for your monthly gift to ${identity.siteName}`,
    ),
    ...body,
    secrets: [manageToken],
  };
}
