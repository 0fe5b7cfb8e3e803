import type { SubmissionResult } from "@conform-to/react";
import type { DonationCheckoutSummary } from "./donation-checkout";

/** What the /donate action answers; the page reads it (from a plain post or with JavaScript). */
export type DonateActionData =
  | { status: "ready"; result: SubmissionResult<string[]>; checkout: { url: string; summary: DonationCheckoutSummary } }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };
