import { isRouteErrorResponse, Link } from "react-router";
import { AccessDeniedMessage } from "~/features/accounts/access-denied";
import { isAccessDenied } from "~/features/accounts/access";
import { LinkButton } from "~/ui/link-button";
import { LogoMark } from "./logo";

/** The cases an error boundary tells apart; anything else that is not a response is `unexpected`. */
export type RouteErrorKind = "not-found" | "forbidden" | "unavailable" | "rejected" | "unexpected";

export function routeErrorKind(error: unknown): RouteErrorKind {
  if (!isRouteErrorResponse(error)) return "unexpected";
  if (error.status === 404) return "not-found";
  if (error.status === 403 && isAccessDenied(error.data)) return "forbidden";
  if (error.status === 503) return "unavailable";
  return error.status < 500 ? "rejected" : "unexpected";
}

/**
 * What every error boundary shows (root, public layout, admin layout): the same words for the same error,
 * wherever it is caught. The boundary decides what stays around it (the site's header and footer, the
 * admin shell, or only the logo when the root itself failed).
 */
export function RouteErrorMessage({ error, requestId }: { error: unknown; requestId?: string }) {
  const kind = routeErrorKind(error);
  if (kind === "not-found") return <NotFoundMessage />;
  if (kind === "forbidden" && isRouteErrorResponse(error) && isAccessDenied(error.data))
    return <AccessDeniedMessage message={error.data.message} />;
  if (kind === "unavailable")
    return (
      <Panel status={503} title="Back in a moment">
        The site cannot reach its database right now. Nothing you sent was saved; please try again in a few seconds.
      </Panel>
    );
  if (kind === "rejected" && isRouteErrorResponse(error))
    return (
      <Panel
        status={error.status}
        title={typeof error.data === "string" ? error.data : "This request could not be completed"}
      >
        Please check the address, or start again from the home page.
      </Panel>
    );
  return (
    <Panel status={500} title="Something went wrong on our side" requestId={requestId}>
      We have been told about it. Please try again in a moment; if it keeps happening, contact us and mention the
      reference below.
    </Panel>
  );
}

/** The page for errors caught at the root, where the site's layout could not render. */
export function ErrorPage({ error, requestId }: { error: unknown; requestId?: string }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-5 px-6 py-16 text-center"
    >
      <Link to="/" reloadDocument aria-label="Home">
        <LogoMark className="size-12" />
      </Link>
      <RouteErrorMessage error={error} requestId={requestId} />
    </main>
  );
}

export function NotFoundMessage() {
  return (
    <>
      <p className="text-7xl font-extrabold tracking-tight text-navy-900">404</p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <LinkButton to="/">Return to Home</LinkButton>
    </>
  );
}

function Panel({
  status,
  title,
  requestId,
  children,
}: {
  status: number;
  title: string;
  requestId?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <p className="text-6xl font-extrabold text-navy-900">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{children}</p>
      {requestId ? (
        <p className="text-sm text-muted-foreground">
          Reference: <code className="rounded bg-muted px-1.5 py-0.5">{requestId}</code>
        </p>
      ) : null}
      {/* A fresh document: whatever failed may have left this one in a bad state. */}
      <LinkButton to="/" reloadDocument>
        Return to Home
      </LinkButton>
    </>
  );
}
