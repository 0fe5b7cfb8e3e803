import { Notice } from "~/ui/notice";

/** The server's answer to one of the tournament page's forms: a refusal or a done. */
export type FormAnswer = { error: string | null; notice: string | null };

/** The answer in the form that was posted, beside its buttons, where the person who pressed one is looking. */
export function FormAnswerNotice({ answer }: { answer: FormAnswer | null }) {
  if (answer?.error) return <Notice tone="error" title={answer.error} />;
  if (answer?.notice) return <Notice tone="success" title={answer.notice} />;
  return null;
}
