import type { SubmissionResult } from "@conform-to/react";

/** What the contact action answers; the form reads it from a fetcher or the page. */
export type ContactActionData =
  | { status: "success"; result: SubmissionResult<string[]> }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };
