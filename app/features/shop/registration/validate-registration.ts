import { parseWithZod } from "@conform-to/zod/v4";
import type { RegistrationKind } from "~/features/products/registration-products";
import { registrationSchema } from "./registration-schema";

/** A registration dialog's browser-side check, loaded on first use (see ~/ui/lazy-validation). */
export const registrationValidator = (kind: RegistrationKind) => (formData: FormData) =>
  parseWithZod(formData, { schema: registrationSchema(kind) });
