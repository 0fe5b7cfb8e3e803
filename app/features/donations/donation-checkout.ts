import type { NewOrder } from "~/db/schema";
import type { CheckoutLineItem } from "~/features/payments/provider";
import { feeToCover, type CardFee } from "./amount";
import { memorialLabels, type MemorialType } from "./donation-rules";
import type { DonationForm } from "./schema";

/** What a donation's checkout keeps in `checkouts.details` (read back by the receipt and the tribute notice). */
export type DonationDetails = {
  firstName: string;
  lastName: string;
  giftCents: number;
  /** What "Cover the card fee" added (0 when not chosen). */
  feeCents: number;
  tribute: { type: Exclude<MemorialType, "none">; details: string } | null;
  /** Whom to tell about a tribute gift (never told the amount). */
  notifyEmail: string | null;
  /** One month of a monthly gift: its receipt carries the manage link (decision 0033). */
  /** The monthly gift this month belongs to (its manage link is made from the id; no token is stored). */
  monthly?: { giftId: string };
};

/** The summary the "Complete Your Donation" dialog shows. */
export type DonationCheckoutSummary = {
  donorName: string;
  email: string;
  giftCents: number;
  feeCents: number;
  totalCents: number;
  tribute: string | null;
  notifyEmail: string | null;
  /** A monthly gift: the total is charged every month. */
  monthly?: true;
  /** The campaign the gift goes to (decision 0035), when the form named an open one. */
  campaign?: string | null;
};

export type DonationCheckoutInput = {
  kind: "donation";
  email: string;
  lineItems: CheckoutLineItem[];
  orders: Array<Omit<NewOrder, "id" | "checkoutId" | "status" | "createdAt">>;
  details: { donation: DonationDetails };
  cancelPath: string;
};

/** The orders row's item name: the donations dashboard finds donations by "Donation" in it (docs/product.md). */
export const DONATION_ITEM_NAME = "Donation";

export function tributeText(tribute: DonationDetails["tribute"]): string | null {
  return tribute ? `${memorialLabels[tribute.type]} ${tribute.details}` : null;
}

/**
 * The checkout for a validated donation form: one line for the gift (and one
 * for the covered fee, so the payment page shows both), and one orders row
 * holding the whole amount, as the donations dashboard reads it.
 */
export function donationCheckout(
  form: DonationForm,
  fee: CardFee,
  siteName: string,
  campaign: { id: string; name: string } | null = null,
): {
  input: DonationCheckoutInput;
  summary: DonationCheckoutSummary;
} {
  const feeCents = form.coverFee ? feeToCover(form.amountCents, fee) : 0;
  const totalCents = form.amountCents + feeCents;
  const donorName = `${form.firstName} ${form.lastName}`;
  const tribute = tributeText(form.tribute);
  const description = [
    `Donation to ${siteName}`,
    tribute ? ` ${tribute.charAt(0).toLowerCase()}${tribute.slice(1)}` : "",
    feeCents > 0 ? " (card fee covered)" : "",
  ].join("");

  const lineItems: CheckoutLineItem[] = [
    { name: `Donation to ${siteName}`, description: tribute ?? undefined, unitAmount: form.amountCents, quantity: 1 },
  ];
  if (feeCents > 0) {
    lineItems.push({
      name: "Card fee covered",
      description: "So the district receives your full gift",
      unitAmount: feeCents,
      quantity: 1,
    });
  }

  return {
    input: {
      kind: "donation",
      email: form.email,
      lineItems,
      orders: [
        {
          itemName: DONATION_ITEM_NAME,
          itemDescription: description,
          itemQuantity: 1,
          studentName: donorName,
          eventType: form.tribute ? `${form.tribute.type}:${form.tribute.details}` : null,
          totalAmount: totalCents,
          customerEmail: form.email,
          campaignId: campaign?.id ?? null,
        },
      ],
      details: {
        donation: {
          firstName: form.firstName,
          lastName: form.lastName,
          giftCents: form.amountCents,
          feeCents,
          tribute: form.tribute,
          notifyEmail: form.notifyEmail,
        },
      },
      cancelPath: "/donate",
    },
    summary: {
      donorName,
      email: form.email,
      giftCents: form.amountCents,
      feeCents,
      totalCents,
      tribute,
      notifyEmail: form.notifyEmail,
      ...(form.monthly ? { monthly: true as const } : {}),
      ...(campaign ? { campaign: campaign.name } : {}),
    },
  };
}
