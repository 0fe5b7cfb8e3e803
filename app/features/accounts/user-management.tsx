import { Mail, RotateCcw, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { Button } from "~/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { LinkButton } from "~/ui/link-button";
import { Select } from "~/ui/select";
import { Spinner } from "~/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { showToast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { NewPasswordField, NoticeBox } from "./form-parts";
import { userNotices, type Notice } from "./notices";
import type { Role } from "./roles";

export type UserListItem = {
  id: string;
  email: string;
  role: Role | null;
  created: string;
  lastSignIn: string | null;
  isProtected: boolean;
  isSelf: boolean;
  /** Two-factor sign-in on: another admin may reset it (a lost phone). */
  twoFactorEnabled?: boolean;
};

export type UsersActionResult = {
  intent: string;
  ok: boolean;
  notice: Notice;
  /** A refused Add New User's fields, to fill the form in again (never the password). */
  values?: { email: string; role: string };
};

/**
 * Every form posts here, without the page's `?new=1` or `?delete=<id>`: an action
 * leaves a form opened without JavaScript for the list.
 */
export const USERS_PATH = "/admin/users";

/** A refused Add New User: its message is shown in the form, and only there. */
function failedCreate(result: UsersActionResult | undefined) {
  return result?.intent === "create" && !result.ok ? result : null;
}

/** Shows an action's notice: a toast once hydrated, in the page before that (no JavaScript). */
function useNotice(result: UsersActionResult | undefined) {
  const hydrated = useHydrated();
  const shown = failedCreate(result) ? undefined : result;
  useEffect(() => {
    if (shown) showToast(shown.notice);
  }, [shown]);
  return hydrated ? null : (shown?.notice ?? null);
}

function Pending({ intent, children, disabled, ...props }: React.ComponentProps<typeof Button> & { intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy || disabled} {...props}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  );
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

function UserIdentity({ user }: { user: UserListItem }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="font-medium break-all">{user.email}</span>
      {user.isSelf ? <Badge variant="muted">You</Badge> : null}
      {user.isProtected ? (
        <Badge variant="outline">
          <ShieldCheck className="size-3" aria-hidden="true" /> Protected
        </Badge>
      ) : null}
    </div>
  );
}

function UserActions({
  user,
  hydrated,
  onDelete,
  className,
  idPrefix,
}: {
  idPrefix: string;
  user: UserListItem;
  hydrated: boolean;
  onDelete: (user: UserListItem) => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-start gap-2", className)}>
      <Form method="post" action={USERS_PATH}>
        <input type="hidden" name="userId" value={user.id} />
        <Pending intent="reset" variant="outline" size="sm" aria-label={`Reset Password for ${user.email}`}>
          <RotateCcw aria-hidden="true" />
          Reset Password
        </Pending>
      </Form>
      {user.twoFactorEnabled && !user.isSelf && !user.isProtected ? (
        <Form method="post" action={USERS_PATH}>
          <input type="hidden" name="userId" value={user.id} />
          <Pending intent="reset-2fa" variant="outline" size="sm" aria-label={`Reset two-factor sign-in for ${user.email}`}>
            <RotateCcw aria-hidden="true" />
            Reset Two-Factor
          </Pending>
        </Form>
      ) : null}
      {user.isProtected ? (
        <span className="grid gap-0.5">
          <Button variant="destructive" size="sm" disabled aria-describedby={`${idPrefix}-protected-${user.id}`}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
          <span id={`${idPrefix}-protected-${user.id}`} className="text-xs text-muted-foreground">
            This user cannot be deleted.
          </span>
        </span>
      ) : user.role === null ? (
        <span className="self-center text-xs text-muted-foreground">No access</span>
      ) : (
        <LinkButton
          to={`?delete=${encodeURIComponent(user.id)}`}
          variant="destructive"
          size="sm"
          aria-label={`Delete ${user.email}`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onDelete(user);
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </LinkButton>
      )}
    </div>
  );
}

function DeleteConsequence({ email }: { email: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      This removes the role of <strong className="text-navy-900">{email}</strong>: the account can no longer sign in
      and is signed out everywhere. Its orders and donations stay. An admin can give it a role again from this list.
    </p>
  );
}

/**
 * The role select and its Save button. Choosing an option only chooses (arrow keys
 * look through the options); Save changes the role, with JavaScript and without.
 */
function RoleForm({ user, hydrated, idPrefix }: { user: UserListItem; hydrated: boolean; idPrefix: string }) {
  const id = `${idPrefix}-${user.id}`;
  const saved = user.role ?? "";
  const [chosen, setChosen] = useState(saved);
  // A saved change (or anyone's, on a reload) starts the choice again from the list's role.
  const [listed, setListed] = useState(saved);
  if (saved !== listed) {
    setListed(saved);
    setChosen(saved);
  }
  const select = useRef<HTMLSelectElement>(null);
  return (
    <Form
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
        onChange={(event) => setChosen(event.currentTarget.value)}
        disabled={user.isProtected}
        title={user.isProtected ? "The protected admin must stay an admin." : undefined}
      >
        {user.role === null ? (
          <option value="" disabled>
            No access
          </option>
        ) : null}
        <option value="user">user</option>
        <option value="admin">admin</option>
      </Select>
      {user.isProtected ? null : (
        // Without JavaScript it cannot know the choice, so it stays enabled; the server decides.
        <Pending intent="role" size="sm" variant="outline" aria-label={`Save role for ${user.email}`} disabled={hydrated && chosen === saved}>
          Save
        </Pending>
      )}
    </Form>
  );
}

function AddUserForm({ shortName, result }: { shortName: string; result: UsersActionResult | undefined }) {
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

function TestEmailCard({ recipients }: { recipients: string[] }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>Email Notifications</CardTitle>
        <CardDescription>
          Send a test email to {recipients.join(", ")} to check that notifications reach the district.
        </CardDescription>
      </CardHeader>
      <Form method="post" action={USERS_PATH}>
        <Pending intent="test-email" variant="secondary">
          <Mail aria-hidden="true" />
          Send Test Email
        </Pending>
      </Form>
    </Card>
  );
}
