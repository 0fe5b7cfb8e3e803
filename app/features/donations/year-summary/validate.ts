import { parseWithZod } from "@conform-to/zod/v4";
import { summaryRequestSchema } from "./schema";

/** The giving summary form's browser-side check, loaded on first use (see ~/ui/lazy-validation). */
export const summaryRequestValidator = (years: readonly number[]) => (formData: FormData) =>
  parseWithZod(formData, { schema: summaryRequestSchema(years) });
