import { UserPlus } from "lucide-react";
import type * as React from "react";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import { Select } from "~/ui/select";
import { NewPasswordField } from "../form-parts";
import { useUsersAction } from "./user-action";
import { failedCreate, USERS_PATH, type UsersActionResult } from "./user-list";

/**
 * Add New User: email, password (with the policy's live hints) and role. A refusal is said in the form, and only
 * there; a success is a toast and closes the dialog (`onCreated`).
 */
export function AddUserForm({
  shortName,
  result,
  action = USERS_PATH,
  onCreated,
  cancel,
}: {
  shortName: string;
  /** The page's answer when the form was posted without JavaScript. */
  result: UsersActionResult | undefined;
  /** Where it posts: the list, or in the page section its own address (?new=1), which a refusal keeps open. */
  action?: string;
  onCreated?: () => void;
  cancel?: React.ReactNode;
}) {
  const { fetcher, pending } = useUsersAction(onCreated);
  const failed = failedCreate(fetcher.data) ?? failedCreate(result);
  return (
    // noValidate: the server's "Please fill in all required fields." is the message people see.
    <fetcher.Form method="post" action={action} className="grid gap-4" noValidate aria-label="Add New User">
      <NoticeBox notice={failed?.notice} />
      <Field>
        <FieldLabel htmlFor="new-user-email" required>
          Email
        </FieldLabel>
        <Input
          id="new-user-email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={failed?.values?.email}
        />
      </Field>
      <NewPasswordField id="new-user-password" label="Password" shortName={shortName} required />
      <Field>
        <FieldLabel htmlFor="new-user-role">Role</FieldLabel>
        <Select id="new-user-role" name="role" defaultValue={failed?.values?.role === "admin" ? "admin" : "user"}>
          <option value="user">user</option>
          <option value="admin">admin</option>
        </Select>
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <PendingButton pending={pending} name="intent" value="create" icon={<UserPlus aria-hidden="true" />}>
          Create User
        </PendingButton>
      </div>
    </fetcher.Form>
  );
}
