import { useRef, useState } from "react";
import { PendingButton } from "~/ui/pending-button";
import { Select } from "~/ui/select";
import { useHydrated } from "~/ui/use-hydrated";
import { useUsersAction } from "./user-action";
import { USERS_PATH, type UserListItem } from "./user-list";

/**
 * The role select and its Save button. Choosing an option only chooses (arrow keys
 * look through the options); Save changes the role, with JavaScript and without.
 */
export function RoleForm({ user, idPrefix }: { user: UserListItem; idPrefix: string }) {
  const id = `${idPrefix}-${user.id}`;
  const hydrated = useHydrated();
  const { fetcher, pending } = useUsersAction();
  const saved = user.role ?? "";
  // A choice holds for the role it was made on: once the list's role changes (a save, anyone's on a reload),
  // the select starts again from it.
  const [choice, setChoice] = useState({ on: saved, value: saved });
  const chosen = choice.on === saved ? choice.value : saved;
  const select = useRef<HTMLSelectElement>(null);
  return (
    <fetcher.Form
      method="post"
      action={USERS_PATH}
      className="flex items-center gap-2"
      // Save is disabled while it saves and once saved, which would drop keyboard focus to the page: it moves to
      // the select as the form goes (of the two forms per user, the one on screen is the one sent).
      onSubmit={() => {
        if (document.activeElement instanceof HTMLButtonElement) select.current?.focus();
      }}
    >
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        Role for {user.email}
      </label>
      <Select
        ref={select}
        id={id}
        name="role"
        className="h-9 w-28"
        value={chosen}
        onChange={(event) => setChoice({ on: saved, value: event.currentTarget.value })}
        disabled={user.isProtected || user.role === "coach"}
        title={
          user.isProtected
            ? "The protected admin must stay an admin."
            : user.role === "coach"
              ? "A coach is managed in Coaches, below the users."
              : undefined
        }
      >
        {user.role === "coach" ? <option value="coach">coach</option> : null}
        {user.role === null ? (
          <option value="" disabled>
            No access
          </option>
        ) : null}
        <option value="user">user</option>
        <option value="admin">admin</option>
      </Select>
      {user.isProtected || user.role === "coach" ? null : (
        // Without JavaScript it cannot know the choice, so it stays enabled; the server decides.
        <PendingButton
          pending={pending}
          name="intent"
          value="role"
          size="sm"
          variant="outline"
          aria-label={`Save role for ${user.email}`}
          disabled={hydrated && chosen === saved}
        >
          Save
        </PendingButton>
      )}
    </fetcher.Form>
  );
}
