import { DISTRICT_TIME_ZONE } from "~/core/time-zone";
import { formatCents } from "~/core/format";
import type { Checkout, Order } from "~/db/schema";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, singleLine } from "~/features/email/templates";
import { SANDBOX_NOTICE, SANDBOX_SUBJECT_PREFIX } from "~/features/payments/sandbox-notice";
import { tributeText, type DonationDetails } from "./donation-checkout";
import { MANAGE_LINK_LABEL, manageUrl } from "./monthly/emails";

/**
 * A donation's written acknowledgment (IRS Publication 1771): the
 * organisation's legal name and EIN, the donor, the date, the amount, and the
 * statement that no goods or services were given in exchange.
 */
export type Receipt = {
  number: string;
  legalName: string;
  taxId: string;
  donorName: string;
  email: string;
  /** When the gift was paid (the checkout's completion). */
  date: Date;
  totalCents: number;
  feeCents: number;
  tribute: string | null;
  /** The printable page's address. */
  url: string;
  /** Made with the built-in sandbox: no money moved, so it is no receipt (decision 0024). */
  test: boolean;
  /** A month of a monthly gift: where the donor changes, pauses or cancels it. */
  manageUrl?: string | null;
};

export type ReceiptIdentity = { legalName: string; taxId: string; siteName: string; publicUrl: string };

export const NO_GOODS_OR_SERVICES = "No goods or services were provided in exchange for the contribution.";

/** A short, stable receipt number: the year and the checkout id's first eight characters. */
export function receiptNumber(checkout: Pick<Checkout, "id" | "createdAt">): string {
  return `D-${checkout.createdAt.getUTCFullYear()}-${checkout.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

export function receiptPath(publicToken: string): string {
  return `/donate/receipt/${encodeURIComponent(publicToken)}`;
}

/** The donation's details as the donations feature stored them on its checkout. */
export function donationDetails(checkout: Pick<Checkout, "details">): DonationDetails | null {
  const details = (checkout.details as { donation?: DonationDetails } | null)?.donation;
  return details && typeof details.giftCents === "number" ? details : null;
}

/** The link tokens a receipt's email carries (made on the server: app/core/link-tokens.server.ts). */
export type ReceiptTokens = { receipt: string; manage: string | null };

export function buildReceipt(
  checkout: Checkout,
  order: Order | undefined,
  identity: ReceiptIdentity,
  tokens: ReceiptTokens,
): Receipt {
  const details = donationDetails(checkout);
  const donorName = details ? `${details.firstName} ${details.lastName}` : (order?.studentName ?? "");
  return {
    number: receiptNumber(checkout),
    legalName: identity.legalName,
    taxId: identity.taxId,
    donorName,
    email: checkout.email,
    date: checkout.completedAt ?? checkout.updatedAt,
    totalCents: order?.totalAmount ?? checkout.totalAmount,
    feeCents: details?.feeCents ?? 0,
    tribute: tributeText(details?.tribute ?? null),
    url: `${identity.publicUrl}${receiptPath(tokens.receipt)}`,
    test: checkout.provider === "sandbox",
    manageUrl: tokens.manage ? manageUrl(identity.publicUrl, tokens.manage) : null,
  };
}

/** "November 23, 2026", in New York (docs/product.md#beyond-the-original). */
export function receiptDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: DISTRICT_TIME_ZONE, dateStyle: "long" }).format(date);
}

/** The amount line: the whole contribution, saying what part covered the card fee. */
export function receiptAmount(receipt: Pick<Receipt, "totalCents" | "feeCents">): string {
  const total = formatCents(receipt.totalCents);
  return receipt.feeCents > 0
    ? `${total} (includes ${formatCents(receipt.feeCents)} you added to cover card fees)`
    : total;
}

/** The receipt email: the same facts as the printable page, and a link to it. */
export function receiptEmail(receipt: Receipt, siteName: string): EmailMessage {
  const body = renderEmail({
    title: "Thank you for your donation",
    intro: [
      ...(receipt.test ? [`${SANDBOX_NOTICE} This is not a receipt for tax purposes.`] : []),
      `Dear ${receipt.donorName}, thank you for your gift to ${receipt.legalName}. Please keep this receipt for your tax records.`,
    ],
    fields: [
      { label: "Receipt number", value: receipt.number },
      { label: "Organization", value: receipt.legalName },
      { label: "EIN (tax ID)", value: receipt.taxId },
      { label: "Donor", value: receipt.donorName },
      { label: "Date", value: receiptDate(receipt.date) },
      { label: "Amount", value: receiptAmount(receipt) },
      ...(receipt.tribute ? [{ label: "Tribute", value: receipt.tribute }] : []),
      ...(receipt.manageUrl ? [{ label: MANAGE_LINK_LABEL, value: receipt.manageUrl, href: receipt.manageUrl }] : []),
    ],
    action: { label: "View or print your receipt", url: receipt.url },
    footer: `${receipt.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. ${NO_GOODS_OR_SERVICES} Your gift is tax deductible to the extent allowed by law.`,
  });
  return {
    to: receipt.email,
    subject: singleLine(
      `${receipt.test ? SANDBOX_SUBJECT_PREFIX : ""}Your donation receipt ${receipt.number} from ${siteName}`,
    ),
    ...body,
  };
}

/** The tribute notice: who gave and in whose name, never how much. */
export function tributeEmail(details: DonationDetails, siteName: string, test = false): EmailMessage | null {
  if (!details.tribute || !details.notifyEmail) return null;
  const donor = `${details.firstName} ${details.lastName}`;
  const tribute = tributeText(details.tribute)!;
  const phrase = `${tribute.charAt(0).toLowerCase()}${tribute.slice(1)}`;
  const body = renderEmail({
    title: `A gift ${phrase}`,
    intro: [
      ...(test ? [SANDBOX_NOTICE] : []),
      `${donor} has made a gift to ${siteName} ${phrase}, and asked us to let you know.`,
      `${siteName} helps high school students who cannot compete on Friday or Saturday take part in speech, debate and model congress. Thank you for being part of this.`,
    ],
  });
  return {
    to: details.notifyEmail,
    subject: singleLine(`${test ? SANDBOX_SUBJECT_PREFIX : ""}${donor} made a gift ${phrase}`),
    ...body,
  };
}
