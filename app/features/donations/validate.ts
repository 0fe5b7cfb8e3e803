import { parseWithZod } from "@conform-to/zod/v4";
import type { DonationRules } from "./donation-rules";
import { donationSchema } from "./schema";

/** The donation form's browser-side check, loaded on first use (see ~/ui/lazy-validation). */
export const donationValidator = (rules: DonationRules) => (formData: FormData) =>
  parseWithZod(formData, { schema: donationSchema(rules) });
