import { Form, useLocation, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { NoticeBox } from "~/ui/notice-box";
import { NewPasswordField } from "../form-parts";
import type { Notice } from "../notices";
import type { Role } from "../roles";

export type ProfileInfo = { id: string; email: string; role: Role; created: string; lastSignIn: string | null };

/** docs/product.md#profile: account information, and a password change under the policy. */
export function ProfileView({
  profile,
  notice,
  shortName,
}: {
  profile: ProfileInfo;
  notice: Notice | null;
  shortName: string;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid max-w-3xl gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Account Information</CardTitle>
          <CardDescription>Your account on the district's admin panel.</CardDescription>
        </CardHeader>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label="Email">{profile.email}</Item>
          <Item label="Role">
            <Badge variant={profile.role === "admin" ? "destructive" : "secondary"}>{profile.role}</Badge>
          </Item>
          <Item label="Account created">{profile.created}</Item>
          <Item label="Last sign in">{profile.lastSignIn ?? "Never"}</Item>
          <Item label="User ID" className="sm:col-span-2">
            <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{profile.id}</code>
          </Item>
        </dl>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Change Password</CardTitle>
          <CardDescription>Your other sessions are signed out when the password changes.</CardDescription>
        </CardHeader>
        {/* A new key after each navigation (the redirect after a change): the password fields start empty again. */}
        <Form key={location.key} method="post" className="grid max-w-md gap-4" aria-label="Change password">
          <NoticeBox notice={notice} />
          <Field>
            <FieldLabel htmlFor="current-password">Current Password</FieldLabel>
            <Input
              id="current-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </Field>
          <NewPasswordField
            id="profile-new-password"
            label="New Password"
            shortName={shortName}
            confirmId="profile-confirm-password"
          />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? <Spinner /> : null}
            Update Password
          </Button>
        </Form>
      </Card>
    </div>
  );
}

function Item({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-navy-900">{children}</dd>
    </div>
  );
}
