import { z } from "~/core/zod";
import { parseAmount } from "./amount";
import { donationMessages, MIN_DONATION_CENTS } from "./schema";

/** The amount form (browser and server): the amount is checked like /donate's. */
export function amountFormSchema(maxCents: number, contactEmail: string) {
  return z.object({
    intent: z.literal("amount"),
    amount: z
      .string({ error: donationMessages.amountMin })
      .max(20, donationMessages.amountDecimals)
      .transform((raw, ctx) => {
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
      }),
  });
}

/** The manage page's forms: one schema, the intent names the button. */
export function manageSchema(maxCents: number, contactEmail: string) {
  return z.discriminatedUnion("intent", [
    amountFormSchema(maxCents, contactEmail),
    z.object({ intent: z.enum(["pause", "resume", "cancel", "update-card", "sandbox-renew", "sandbox-fail"]) }),
  ]);
}
