import { formatCents } from "~/core/format";
import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import { parseAmount } from "./amount";
import {
  donationLimits,
  MEMORIAL_TYPES,
  MIN_DONATION_CENTS,
  type DonationRules,
  type MemorialType,
} from "./donation-rules";

export { type DonationRules, type MemorialType } from "./donation-rules";

/** The messages of docs/product.md#5-validation-rules, word for word, and ours for what docs/product.md does not cover. */
export const donationMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Valid email is required",
  amountMin: "Donation amount must be at least $1",
  amountDecimals: "Donation amount can have at most two decimal places",
  amountMax: (maxCents: number, contactEmail: string) =>
    `Online donations can be at most ${formatCents(maxCents)}. For a larger gift, please write to us at ${contactEmail}.`,
  memorialDetails: (type: "memory" | "honor") =>
    `Please enter the name of the person you give ${type === "memory" ? "in memory" : "in honor"} of`,
  notifyEmail: "Enter a valid email address to notify, or leave it blank",
} as const;

export const GIFT_FREQUENCIES = ["once", "monthly"] as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * The donation form (docs/product.md#5-validation-rules), one schema for the browser's instant
 * messages and the action's authoritative check. The amount arrives as typed
 * and leaves as cents.
 */
export function donationSchema(rules: DonationRules) {
  return (
    z
      .object({
        firstName: singleLine(
          z
            .string({ error: donationMessages.firstName })
            .trim()
            .min(1, donationMessages.firstName)
            .max(donationLimits.name, tooLong("First name", donationLimits.name)),
          "First name",
        ),
        lastName: singleLine(
          z
            .string({ error: donationMessages.lastName })
            .trim()
            .min(1, donationMessages.lastName)
            .max(donationLimits.name, tooLong("Last name", donationLimits.name)),
          "Last name",
        ),
        email: z
          .string({ error: donationMessages.email })
          .trim()
          .max(donationLimits.email, donationMessages.email)
          .pipe(z.email(donationMessages.email)),
        amount: z
          .string()
          .optional()
          .transform((raw, ctx) => donationAmountCents(raw, rules.maxCents, rules.contactEmail, ctx)),
        memorialType: z
          .enum(MEMORIAL_TYPES)
          .optional()
          .catch("none")
          .transform((value) => value ?? "none"),
        memorialDetails: singleLine(
          z.string().trim().max(donationLimits.memorialDetails, tooLong("The name", donationLimits.memorialDetails)),
          "The name",
        ).optional(),
        notifyEmail: z
          .string()
          .trim()
          .max(donationLimits.email, donationMessages.notifyEmail)
          .pipe(z.email(donationMessages.notifyEmail))
          .optional(),
        coverFee: z
          .string()
          .optional()
          .transform((value) => value === "on" || value === "true"),
        // One-time unless "monthly" is chosen; anything else counts as one-time.
        frequency: z.enum(GIFT_FREQUENCIES).optional().catch("once"),
      })
      // Runs even when other fields have errors (`when`), so a missing tribute name shows with the rest at once.
      .check(
        z.superRefine<{ memorialType?: MemorialType; memorialDetails?: string }>(
          (value, ctx) => {
            const type = value.memorialType ?? "none";
            if (type !== "none" && !value.memorialDetails?.trim()) {
              ctx.addIssue({
                code: "custom",
                path: ["memorialDetails"],
                message: donationMessages.memorialDetails(type),
              });
            }
          },
          { when: () => true },
        ),
      )
      .transform((value) => {
        const tribute =
          value.memorialType === "none" ? null : { type: value.memorialType, details: value.memorialDetails! };
        return {
          firstName: value.firstName,
          lastName: value.lastName,
          email: value.email,
          amountCents: value.amount,
          tribute,
          // The notice goes only with a tribute gift; an address left from switching back to none is ignored.
          notifyEmail: tribute ? (value.notifyEmail ?? null) : null,
          coverFee: value.coverFee,
          ...(value.frequency === "monthly" ? { monthly: true as const } : {}),
        };
      })
  );
}

export type DonationForm = z.output<ReturnType<typeof donationSchema>>;
export type DonationInput = z.input<ReturnType<typeof donationSchema>>;

/** A gift's amount in cents by /donate's rules (digits and cents, at least the minimum, at most `maxCents`). */
export function donationAmountCents(
  raw: string | undefined,
  maxCents: number,
  contactEmail: string,
  ctx: z.RefinementCtx,
): number {
  const parsed = parseAmount(raw);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: donationMessages.amountDecimals });
    return z.NEVER;
  }
  if (parsed.cents < MIN_DONATION_CENTS) {
    ctx.addIssue({ code: "custom", message: donationMessages.amountMin });
    return z.NEVER;
  }
  if (parsed.cents > maxCents) {
    ctx.addIssue({ code: "custom", message: donationMessages.amountMax(maxCents, contactEmail) });
    return z.NEVER;
  }
  return parsed.cents;
}
