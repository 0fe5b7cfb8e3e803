import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./schema";

/** The contact form's browser-side check, loaded on first use (see ~/ui/lazy-validation). */
export const validateContact = (formData: FormData) => parseWithZod(formData, { schema: contactSchema });
