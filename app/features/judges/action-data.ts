import type { SubmissionResult } from "@conform-to/react";

/** What the judge form's action answers; the page shows it in place, with JavaScript or without. */
export type JudgeActionData =
  | { status: "sent"; email: string; tournament: string | null }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };
