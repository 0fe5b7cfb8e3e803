import { z } from "~/core/zod";

/** What a coach's name may be (the accept form). */
export const COACH_NAME_MAX = 80;
/** An address as long as the users page allows. */
const EMAIL_MAX = 254;

/**
 * Staff's "Invite a coach" form (decision 0054): an address and one or more member schools' codes. `codes` are the
 * member schools the server offers; a code it does not offer is refused.
 */
export function inviteSchema(codes: readonly string[]) {
  return z.object({
    email: z
      .string({ error: "Enter the coach's email address." })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, "That address is too long.")
      .pipe(z.email("Please enter a valid email address.")),
    school: z
      .array(z.string().trim())
      .min(1, "Choose at least one member school.")
      .max(20, "Choose at most 20 schools.")
      .refine((chosen) => chosen.every((code) => codes.includes(code)), "Choose member schools from the list."),
  });
}

/** The invitation page's form: the coach's name and password (twice). */
export const acceptSchema = z.object({
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(2, "Enter your name.")
    .max(COACH_NAME_MAX, `Your name must be at most ${COACH_NAME_MAX} characters.`)
    .refine((name) => !/[<>]/.test(name), "Your name cannot contain < or >."),
  password: z.string({ error: "Enter a password." }).max(256, "Password must be at most 128 characters long."),
  confirmPassword: z.string({ error: "Enter the password again." }).max(256),
});
