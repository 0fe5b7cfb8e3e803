import { data } from "react-router";
import { env } from "~/core/env.server";
import { formatDateTime } from "~/core/format";
import { readForm } from "~/core/form.server";
import { redirectWithToast } from "~/core/toast.server";
import { getDb } from "~/db/context";
import { AcceptInvitationPage, type InvitationView } from "~/features/coaches/invitations/accept-page";
import {
  acceptInvitation,
  INVITATION_MESSAGES,
  invitationState,
} from "~/features/coaches/invitations/invitations.server";
import type { Route } from "./+types/coach-invitation";

export const meta: Route.MetaFunction = () => [{ title: "Coach invitation" }, { name: "robots", content: "noindex" }];

async function view(context: Route.LoaderArgs["context"], token: string): Promise<InvitationView> {
  const state = await invitationState(getDb(context), token);
  if (state.kind === "open")
    return { kind: "open", email: state.email, schools: state.schools, expires: formatDateTime(state.expiresAt) };
  return { kind: "closed", message: INVITATION_MESSAGES[state.kind] };
}

/** A coach's invitation at the single-use link in its email (decision 0054): no sign-in; the link is the key. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await view(context, params.token);
  return data(
    { invitation, shortName: env().SITE_SHORT_NAME },
    { status: invitation.kind === "open" ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await acceptInvitation(getDb(context), params.token, {
    name: form.get("name") ?? undefined,
    password: form.get("password") ?? undefined,
    confirmPassword: form.get("confirmPassword") ?? undefined,
  });
  if (outcome.ok)
    return redirectWithToast(`/auth?${new URLSearchParams({ redirectTo: "/coach" })}`, {
      type: "success",
      title: "Your coach account is ready",
      description: `Sign in as ${outcome.email} with your new password.`,
    });
  return data({ error: outcome.message }, { status: outcome.status });
}

export default function CoachInvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AcceptInvitationPage
      invitation={loaderData.invitation}
      error={actionData?.error ?? null}
      shortName={loaderData.shortName}
    />
  );
}
