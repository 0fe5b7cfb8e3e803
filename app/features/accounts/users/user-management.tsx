import { UserPlus } from "lucide-react";
import type * as React from "react";
import { buttonVariants } from "~/ui/button";
import { NoticeBox } from "~/ui/notice-box";
import { PendingButton } from "~/ui/pending-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { DialogLink } from "~/ui/dialog-link";
import { UrlDialog } from "~/ui/url-dialog";
import { useActionResult } from "~/ui/use-action-result";
import { AddUserForm } from "./add-user-form";
import { userNotices } from "../notices";
import { RoleForm } from "./role-form";
import { TestEmailCard } from "./test-email-card";
import { readUsersAnswer, useUsersAction } from "./user-action";
import { USERS_PATH, type UserListItem, type UsersActionResult } from "./user-list";
import { DeleteConsequence, UserActions, UserIdentity } from "./user-row";

export { USERS_PATH, type UserListItem, type UsersActionResult } from "./user-list";

const deleteDescription = (user: UserListItem) => <DeleteConsequence email={user.email} />;

export function UserManagement({
  users,
  result,
  recipients,
  shortName,
  loadFailed = false,
}: {
  loadFailed?: boolean;
  users: UserListItem[];
  /** The answer of a form posted without JavaScript (the others post with fetchers). */
  result: UsersActionResult | undefined;
  recipients: string[];
  shortName: string;
}) {
  // In the page when the page came with it; a refused Add New User says it in its form only.
  const answered = useActionResult(result, { read: readUsersAnswer });
  // In the page, Add New User posts to its own address (?new=1), so a refusal comes back to the open form; the
  // page that comes back with its success closes it.
  const createdHere = answered.ok && result?.intent === "create";

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-navy-900">User Management</h1>
          <p className="text-sm text-muted-foreground">
            {users.length} {users.length === 1 ? "account" : "accounts"}. Admins manage users and products; users see
            orders, donations and their profile.
          </p>
        </div>
        <DialogLink param="new" href="?new=1" className={buttonVariants()}>
          <UserPlus aria-hidden="true" />
          Add New User
        </DialogLink>
      </div>

      <NoticeBox notice={answered.notice} />
      <NoticeBox notice={loadFailed ? userNotices.fetchFailed : null} />

      <UrlDialog
        param="new"
        resolve={() => (createdHere ? null : "new")}
        title="Add New User"
        description="The account can sign in at once with this password."
      >
        {({ close, cancel, mode }) => (
          <AddUserForm
            shortName={shortName}
            result={result}
            action={mode === "section" ? `${USERS_PATH}?new=1` : USERS_PATH}
            onCreated={close}
            cancel={cancel}
          />
        )}
      </UrlDialog>
      <UrlDialog
        param="delete"
        alert
        resolve={(id) => users.find((user) => user.id === id)}
        title="Delete user?"
        description={deleteDescription}
      >
        {({ item, cancel }) => <DeleteUserForm user={item} cancel={cancel} />}
      </UrlDialog>

      {/* Phones: one card per account. */}
      <ul className="grid gap-3 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li
            key={user.id}
            data-testid="user-card"
            className="grid gap-3 rounded-card border border-border bg-card p-4"
          >
            <UserIdentity user={user} />
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">Created</dt>
                <dd>{user.created}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last sign in</dt>
                <dd>{user.lastSignIn ?? "Never"}</dd>
              </div>
            </dl>
            <RoleForm user={user} idPrefix="card-role" />
            <UserActions user={user} className="justify-start" idPrefix="card" />
          </li>
        ))}
      </ul>

      <div className="hidden md:block">
        <Table>
          <caption className="sr-only">Users</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last sign in</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} data-testid="user-row">
                <TableCell className="font-medium">
                  <UserIdentity user={user} />
                </TableCell>
                <TableCell>
                  <RoleForm user={user} idPrefix="role" />
                </TableCell>
                <TableCell className="whitespace-nowrap">{user.created}</TableCell>
                <TableCell className="whitespace-nowrap">{user.lastSignIn ?? "Never"}</TableCell>
                <TableCell>
                  <UserActions user={user} className="justify-end" idPrefix="row" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <TestEmailCard recipients={recipients} />
    </div>
  );
}

/**
 * Removing a role: it posts to the list, which answers a success with a redirect there (the confirmation's
 * parameter goes, and the notice comes with the list).
 */
function DeleteUserForm({ user, cancel }: { user: UserListItem; cancel: React.ReactNode }) {
  const { fetcher, pending } = useUsersAction();
  return (
    <fetcher.Form method="post" action={USERS_PATH} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <input type="hidden" name="userId" value={user.id} />
      {cancel}
      <PendingButton pending={pending} name="intent" value="delete" variant="destructive">
        Delete
      </PendingButton>
    </fetcher.Form>
  );
}
