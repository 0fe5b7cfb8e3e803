import type * as React from "react";
import { useFetcher } from "react-router";
import { PendingButton } from "~/ui/pending-button";
import { useActionResult } from "~/ui/use-action-result";
import { failedCreate, USERS_PATH, type UsersActionResult } from "./user-list";

/** What an answer means: a refused Add New User says it in its form only (no toast, no page notice). */
export const readUsersAnswer = (answer: UsersActionResult) => ({
  ok: answer.ok,
  notice: failedCreate(answer) ? null : answer.notice,
});

/**
 * One of User Management's forms: a fetcher once hydrated (its answer a toast, and `onSuccess` on success), a
 * plain post to the list without JavaScript (the page shows the answer).
 */
export function useUsersAction(onSuccess?: () => void) {
  const fetcher = useFetcher<UsersActionResult>();
  const pending = fetcher.state !== "idle";
  // A form that closes its dialog does so once the action has answered (closing reloads the list); the others
  // tell their answer once the list shows it.
  useActionResult(fetcher.data, {
    read: readUsersAnswer,
    busy: onSuccess ? fetcher.state === "submitting" : pending,
    onSuccess,
  });
  return { fetcher, pending };
}

/** A one-button form for one intent (and one account): Reset Password, Reset Two-Factor, Send Test Email. */
export function IntentForm({
  intent,
  userId,
  icon,
  children,
  ...button
}: Omit<React.ComponentProps<typeof PendingButton>, "pending" | "name" | "value"> & {
  intent: string;
  userId?: string;
}) {
  const { fetcher, pending } = useUsersAction();
  return (
    <fetcher.Form method="post" action={USERS_PATH}>
      {userId ? <input type="hidden" name="userId" value={userId} /> : null}
      <PendingButton pending={pending} name="intent" value={intent} icon={icon} {...button}>
        {children}
      </PendingButton>
    </fetcher.Form>
  );
}
