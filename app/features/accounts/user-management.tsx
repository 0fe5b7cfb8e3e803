import { UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Card, CardHeader, CardTitle } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { LinkButton } from "~/ui/link-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { AddUserForm } from "./add-user-form";
import { NoticeBox } from "./form-parts";
import { userNotices } from "./notices";
import { RoleForm } from "./role-form";
import { TestEmailCard } from "./test-email-card";
import { failedCreate, USERS_PATH, type UserListItem, type UsersActionResult } from "./user-list";
import { Pending } from "./user-pending-button";
import { DeleteConsequence, UserActions, UserIdentity } from "./user-row";

export { USERS_PATH, type UserListItem, type UsersActionResult } from "./user-list";

/** Shows an action's notice: a toast once hydrated, in the page before that (no JavaScript). */
function useNotice(result: UsersActionResult | undefined) {
  const hydrated = useHydrated();
  const shown = failedCreate(result) ? undefined : result;
  useEffect(() => {
    if (shown) showToast(shown.notice);
  }, [shown]);
  return hydrated ? null : (shown?.notice ?? null);
}

export function UserManagement({
  users,
  result,
  recipients,
  shortName,
  confirmDeleteId,
  addOpen: addOpenWithoutJs,
  loadFailed = false,
}: {
  loadFailed?: boolean;
  users: UserListItem[];
  result: UsersActionResult | undefined;
  recipients: string[];
  shortName: string;
  confirmDeleteId: string | null;
  addOpen: boolean;
}) {
  const inlineNotice = useNotice(result);
  const hydrated = useHydrated();
  const [addOpen, setAddOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);
  // A successful create closes the dialog; a failure keeps it open with the message.
  const [handled, setHandled] = useState(result);
  if (result !== handled) {
    setHandled(result);
    if (result?.intent === "create" && result.ok) setAddOpen(false);
    if (result?.intent === "delete") setDeleting(null);
  }
  const confirmTarget = !hydrated && confirmDeleteId ? users.find((user) => user.id === confirmDeleteId) : undefined;
  // Without JavaScript the dialog is a card: opened by ?new=1, and kept open by a refusal.
  const addCardOpen = !hydrated && (addOpenWithoutJs || failedCreate(result) !== null);

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
        <LinkButton
          to="?new=1"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setAddOpen(true);
          }}
        >
          <UserPlus aria-hidden="true" />
          Add New User
        </LinkButton>
      </div>

      <NoticeBox notice={inlineNotice} />
      <NoticeBox notice={loadFailed ? userNotices.fetchFailed : null} />

      {addCardOpen ? (
        <Card>
          <CardHeader>
            <CardTitle>Add New User</CardTitle>
          </CardHeader>
          <AddUserForm shortName={shortName} result={result} />
        </Card>
      ) : null}

      {confirmTarget ? (
        <Card role="alertdialog" aria-labelledby="confirm-delete-title">
          <CardTitle id="confirm-delete-title">Delete user?</CardTitle>
          <DeleteConsequence email={confirmTarget.email} />
          <Form method="post" action={USERS_PATH} className="flex flex-wrap gap-2">
            <input type="hidden" name="userId" value={confirmTarget.id} />
            <Pending intent="delete" variant="destructive">
              Delete
            </Pending>
            <LinkButton to="." variant="outline">
              Cancel
            </LinkButton>
          </Form>
        </Card>
      ) : null}

      {/* Phones: one card per account. */}
      <ul className="grid gap-3 md:hidden" aria-label="Users">
        {users.map((user) => (
          <li key={user.id} data-testid="user-card" className="grid gap-3 rounded-card border border-border bg-card p-4">
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
            <RoleForm user={user} hydrated={hydrated} idPrefix="card-role" />
            <UserActions user={user} hydrated={hydrated} onDelete={setDeleting} className="justify-start" idPrefix="card" />
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
                  <RoleForm user={user} hydrated={hydrated} idPrefix="role" />
                </TableCell>
                <TableCell className="whitespace-nowrap">{user.created}</TableCell>
                <TableCell className="whitespace-nowrap">{user.lastSignIn ?? "Never"}</TableCell>
                <TableCell>
                  <UserActions user={user} hydrated={hydrated} onDelete={setDeleting} className="justify-end" idPrefix="row" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <TestEmailCard recipients={recipients} />

      <Dialog open={addOpen} onOpenChange={setAddOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add New User</DialogTitle>
            <DialogDescription>The account can sign in at once with this password.</DialogDescription>
          </DialogHeader>
          <AddUserForm shortName={shortName} result={result} />
        </DialogContent>
      </Dialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete user?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>
              <DeleteConsequence email={deleting?.email ?? ""} />
            </div>
          </AlertDialogDescription>
          {/* A removed role redirects to the list (no action data): the dialog closes as the form goes. */}
          <Form method="post" action={USERS_PATH} onSubmit={() => setDeleting(null)}>
            <input type="hidden" name="userId" value={deleting?.id ?? ""} />
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Pending intent="delete" variant="destructive">
                Delete
              </Pending>
            </AlertDialogFooter>
          </Form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
