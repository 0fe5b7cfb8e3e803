import { useEffect, useRef, useState } from "react";
import { actionResultStep, type ActionOutcome } from "./action-result";
import { showToast, type ToastMessage } from "./toast";
import { useHydrated } from "./use-hydrated";

/**
 * The one way a form reads its action's answer (docs/architecture.md, "Forms and dialogs"):
 * - an answer the page was rendered with (no JavaScript, or sent before the scripts started) is returned as
 *   `notice`, for the form to show in the page with <NoticeBox>;
 * - an answer that arrives once hydrated is a toast, once, and on success `onSuccess` runs (a dialog closes).
 * `read` says what an answer means; `busy` holds the toast until the submission (and its revalidation) is done.
 */
export function useActionResult<Answer>(
  answer: Answer | undefined,
  {
    read,
    busy = false,
    onSuccess,
  }: { read: (answer: Answer) => ActionOutcome; busy?: boolean; onSuccess?: (answer: Answer) => void },
): { notice: ToastMessage | null; ok: boolean } {
  const hydrated = useHydrated();
  const [renderedWith] = useState(() => (hydrated ? undefined : answer));
  const handled = useRef<Answer | undefined>(undefined);
  const latest = useRef({ read, onSuccess });
  useEffect(() => {
    latest.current = { read, onSuccess };
  });
  const step = actionResultStep({ answer, renderedWith, handled: undefined, hydrated, busy });
  useEffect(() => {
    if (answer === undefined) return;
    if (actionResultStep({ answer, renderedWith, handled: handled.current, hydrated, busy }) !== "toast") return;
    handled.current = answer;
    const outcome = latest.current.read(answer);
    if (outcome.notice) showToast(outcome.notice);
    if (outcome.ok) latest.current.onSuccess?.(answer);
  }, [answer, renderedWith, hydrated, busy]);
  const inline = step === "inline" && answer !== undefined ? read(answer) : null;
  return { notice: inline?.notice ?? null, ok: inline?.ok ?? false };
}
