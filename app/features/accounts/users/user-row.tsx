import { RotateCcw, ShieldCheck, Trash2 } from "lucide-react";
import { Badge } from "~/ui/badge";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DialogLink } from "~/ui/dialog-link";
import type { UserListItem } from "./user-list";
import { IntentForm } from "./user-action";

/** An account's address with its badges. */
export function UserIdentity({ user }: { user: UserListItem }) {
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

/** Reset Password, Reset Two-Factor and Delete for one account (Delete asks first: ?delete=<id>). */
export function UserActions({
  user,
  className,
  idPrefix,
}: {
  idPrefix: string;
  user: UserListItem;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-start gap-2", className)}>
      <IntentForm
        intent="reset"
        userId={user.id}
        variant="outline"
        size="sm"
        aria-label={`Reset Password for ${user.email}`}
        icon={<RotateCcw aria-hidden="true" />}
      >
        Reset Password
      </IntentForm>
      {user.twoFactorEnabled && !user.isSelf && !user.isProtected ? (
        <IntentForm
          intent="reset-2fa"
          userId={user.id}
          variant="outline"
          size="sm"
          aria-label={`Reset two-factor sign-in for ${user.email}`}
          icon={<RotateCcw aria-hidden="true" />}
        >
          Reset Two-Factor
        </IntentForm>
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
        <DialogLink
          param="delete"
          value={user.id}
          href={`?delete=${encodeURIComponent(user.id)}`}
          className={buttonVariants({ variant: "destructive", size: "sm" })}
          aria-label={`Delete ${user.email}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </DialogLink>
      )}
    </div>
  );
}

/** What removing an account's role does, said in the confirmation. */
export function DeleteConsequence({ email }: { email: string }) {
  return (
    <span className="block text-sm text-muted-foreground">
      This removes the role of <strong className="text-navy-900">{email}</strong>: the account can no longer sign in and
      is signed out everywhere. Its orders and donations stay. An admin can give it a role again from this list.
    </span>
  );
}
