import type { ToastMessage } from "./toast";

/** What an action's answer means to the form that sent it. */
export type ActionOutcome = {
  /** It did what was asked: a dialog closes. */
  ok: boolean;
  /** What to tell the person (nothing: the form's own field messages say it). */
  notice: ToastMessage | null;
};

/**
 * How an action's answer is shown (app/ui/use-action-result.ts):
 * - "inline": the page came with it (posted without JavaScript, or before the scripts started): a notice in the
 *   page, which stays;
 * - "toast": it came after hydration (a fetcher, a navigation): a toast once, and the success signal;
 * - "none": nothing new (no answer, still sending, or already shown).
 */
export function actionResultStep({
  answer,
  renderedWith,
  handled,
  hydrated,
  busy,
}: {
  answer: unknown;
  /** The answer the page was first rendered with (before hydration), if any. */
  renderedWith: unknown;
  /** The last answer already toasted. */
  handled: unknown;
  hydrated: boolean;
  busy: boolean;
}): "inline" | "toast" | "none" {
  if (answer === undefined || answer === null) return "none";
  if (!hydrated || answer === renderedWith) return "inline";
  if (busy || answer === handled) return "none";
  return "toast";
}
