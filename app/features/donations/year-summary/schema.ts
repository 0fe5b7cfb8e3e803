import { z } from "~/core/zod";

/** The donor's "Email me my giving summary" form: one schema for the browser's messages and the server's check. */
export const summaryRequestMessages = {
  email: "Please enter a valid email address.",
  year: "Please choose one of the years listed.",
} as const;

export const SUMMARY_EMAIL_MAX = 254;

/** `years`: the years offered (summaryYears); an absent year means the default one. */
export function summaryRequestSchema(years: readonly number[]) {
  return z.object({
    email: z
      .string({ error: summaryRequestMessages.email })
      .trim()
      .max(SUMMARY_EMAIL_MAX, summaryRequestMessages.email)
      .pipe(z.email(summaryRequestMessages.email)),
    year: z
      .string({ error: summaryRequestMessages.year })
      .regex(/^\d{4}$/, summaryRequestMessages.year)
      .transform(Number)
      .refine((year) => years.includes(year), summaryRequestMessages.year)
      .optional(),
  });
}

/** The same answer whether or not the address gave that year, so the form reveals nothing. */
export function summaryRequestAnswer(year: number): string {
  return `Thank you. If that address gave to us in ${year}, its giving summary is on its way there now. It can take a few minutes to arrive; please check your spam folder too.`;
}

export type SummaryRequestData =
  | { status: "sent"; message: string; year: number }
  | { status: "invalid"; result: import("@conform-to/react").SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: import("@conform-to/react").SubmissionResult<string[]> };
