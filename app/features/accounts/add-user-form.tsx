import { UserPlus } from "lucide-react";
import { Form } from "react-router";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Select } from "~/ui/select";
import { NewPasswordField, NoticeBox } from "./form-parts";
import { failedCreate, USERS_PATH, type UsersActionResult } from "./user-list";
import { Pending } from "./user-pending-button";

/** Add New User: email, password (with the policy's live hints) and role. */
export function AddUserForm({ shortName, result }: { shortName: string; result: UsersActionResult | undefined }) {
  const failed = failedCreate(result);
  return (
    // noValidate: the server's "Please fill in all required fields." is the message people see.
    <Form method="post" action={USERS_PATH} className="grid gap-4" noValidate aria-label="Add New User">
      <NoticeBox notice={failed?.notice} />
      <Field>
        <FieldLabel htmlFor="new-user-email" required>
          Email
        </FieldLabel>
        <Input id="new-user-email" name="email" type="email" autoComplete="off" required defaultValue={failed?.values?.email} />
      </Field>
      <NewPasswordField id="new-user-password" label="Password" shortName={shortName} required />
      <Field>
        <FieldLabel htmlFor="new-user-role">Role</FieldLabel>
        <Select id="new-user-role" name="role" defaultValue={failed?.values?.role === "admin" ? "admin" : "user"}>
          <option value="user">user</option>
          <option value="admin">admin</option>
        </Select>
      </Field>
      <Pending intent="create">
        <UserPlus aria-hidden="true" />
        Create User
      </Pending>
    </Form>
  );
}
