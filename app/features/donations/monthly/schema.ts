import { z } from "~/core/zod";
import { donationAmountCents, donationMessages } from "../schema";

/** The amount form (browser and server): the amount is checked like /donate's. */
export function amountFormSchema(maxCents: number, contactEmail: string) {
  return z.object({
    intent: z.literal("amount"),
    amount: z
      .string({ error: donationMessages.amountMin })
      .max(20, donationMessages.amountDecimals)
      .transform((raw, ctx) => donationAmountCents(raw, maxCents, contactEmail, ctx)),
  });
}

/** The manage page's forms: one schema, the intent names the button. */
export function manageSchema(maxCents: number, contactEmail: string) {
  return z.discriminatedUnion("intent", [
    amountFormSchema(maxCents, contactEmail),
    z.object({ intent: z.enum(["pause", "resume", "cancel", "update-card", "sandbox-renew", "sandbox-fail"]) }),
  ]);
}
