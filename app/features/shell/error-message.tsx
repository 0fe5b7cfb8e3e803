import { isRouteErrorResponse } from "react-router";
import { isLimitedPage } from "~/core/too-many";
import { AccessDeniedMessage } from "~/features/accounts/access-denied";
import { isAccessDenied } from "~/features/accounts/access";
import { LinkButton } from "~/ui/link-button";
import { NotFoundMessage } from "./not-found-message";

/** The cases an error boundary tells apart; anything else that is not a response is `unexpected`. */
export type RouteErrorKind = "not-found" | "forbidden" | "unavailable" | "limited" | "rejected" | "unexpected";

export function routeErrorKind(error: unknown): RouteErrorKind {
  if (!isRouteErrorResponse(error)) return "unexpected";
  if (error.status === 404) return "not-found";
  if (error.status === 403 && isAccessDenied(error.data)) return "forbidden";
  if (error.status === 503) return "unavailable";
  if (error.status === 429 && isLimitedPage(error.data)) return "limited";
  return error.status < 500 ? "rejected" : "unexpected";
}

/**
 * The words of every error boundary, the same for the same error wherever it is caught. The browser loads them
 * only when a boundary shows (./error-page.tsx).
 */
export function RouteErrorMessage({ error, requestId }: { error: unknown; requestId?: string }) {
  const kind = routeErrorKind(error);
  if (kind === "not-found") return <NotFoundMessage />;
  if (kind === "forbidden" && isRouteErrorResponse(error) && isAccessDenied(error.data))
    return <AccessDeniedMessage message={error.data.message} home={error.data.home} />;
  if (kind === "unavailable")
    return (
      <Panel status={503} title="Back in a moment">
        The site cannot reach its database right now. Nothing you sent was saved; please try again in a few seconds.
      </Panel>
    );
  // A page refused by a rate limit says when to try again (app/core/too-many.ts), never a generic error.
  if (kind === "limited" && isRouteErrorResponse(error) && isLimitedPage(error.data))
    return (
      <Panel status={429} title="Too many requests in a short time">
        {error.data.message}
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
