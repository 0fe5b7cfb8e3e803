import { z } from "~/core/zod";

/** The fiscal year's first month, as staff set it on the finance page (decision 0053): one schema, page and server. */
export const fiscalSettingSchema = z.object({
  intent: z.literal("fiscal-start"),
  startMonth: z.coerce
    .number({ message: "Choose the month the fiscal year starts in." })
    .int("Choose the month the fiscal year starts in.")
    .min(1, "Choose the month the fiscal year starts in.")
    .max(12, "Choose the month the fiscal year starts in."),
});
