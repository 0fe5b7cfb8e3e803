import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/core/zod";

/** "Send my link again": one schema for the browser's message and the server's check. */
export const resendSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
});

/** The same answer whether or not the address has orders with entries. */
export const RESEND_ANSWER =
  "Thank you. If that address paid for tournament entries, the links to them are on their way there now. It can take a few minutes to arrive; please check your spam folder too.";

export type ResendAnswer =
  | { status: "sent"; message: string }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string };
