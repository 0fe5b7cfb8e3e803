import { singleLine } from "~/core/single-line";
import { z } from "~/core/zod";
import { contactLimits } from "./contact-rules";
import { inquiryPurposes, type InquiryPurpose } from "./inquiry-purposes";

export { contactLimits } from "./contact-rules";

/** The messages of docs/product.md#5-validation-rules, word for word. */
export const contactMessages = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  inquiryPurpose: "Please select an inquiry purpose.",
  comment: "Please provide at least 10 characters in your message.",
} as const;

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** Optional text: trimmed; empty means "not given" and is stored as null. */
const optionalText = (label: string, max: number) =>
  singleLine(z.string().trim().max(max, tooLong(label, max)), label)
    .optional()
    .transform((value) => (value ? value : null));

/**
 * The contact form (docs/product.md#5-validation-rules). The same schema gives the browser its
 * instant messages and the action its authoritative check.
 */
export const contactSchema = z.object({
  name: singleLine(
    z
      .string({ error: contactMessages.name })
      .trim()
      .min(2, contactMessages.name)
      .max(contactLimits.name, tooLong("Name", contactLimits.name)),
    "Name",
  ),
  school: optionalText("School", contactLimits.school),
  email: z
    .string({ error: contactMessages.email })
    .trim()
    .max(contactLimits.email, tooLong("Email", contactLimits.email))
    .pipe(z.email(contactMessages.email)),
  phone: optionalText("Phone", contactLimits.phone),
  inquiryPurpose: z.enum(inquiryPurposes.map((purpose) => purpose.value) as [InquiryPurpose, ...InquiryPurpose[]], {
    error: contactMessages.inquiryPurpose,
  }),
  comment: z
    .string({ error: contactMessages.comment })
    .trim()
    .min(10, contactMessages.comment)
    .max(contactLimits.comment, tooLong("Message", contactLimits.comment)),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
