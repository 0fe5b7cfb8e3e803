import { parseWithZod } from "@conform-to/zod/v4";
import { entryChangeSchema } from "./rules";

/** The entries page's browser-side check, loaded on first use (see ~/ui/lazy-validation): the action's own schema. */
export const entryChangeValidator = (formData: FormData) => parseWithZod(formData, { schema: entryChangeSchema() });
