import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/ui/toast";

/** What the /fees action answers a fetcher (with JavaScript). */
export type ShopActionData =
  | { ok: true; intent: string; notice: ToastMessage }
  | {
      ok: false;
      intent: string;
      message: string;
      /** The registration form's answer (field messages), for the dialog or the no-JavaScript form. */
      result?: SubmissionResult<string[]>;
      productId?: string;
      lineId?: string;
    };
