import type { SubmissionResult } from "@conform-to/react";

/** What the contact action answers; the form reads it from a fetcher or the page. */
export type ContactActionData =
  /** judgeForm: the judge form's path, when the message offered to judge (the answer links to it). */
  | { status: "success"; result: SubmissionResult<string[]>; judgeForm?: string }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };
