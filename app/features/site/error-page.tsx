import { Link } from "react-router";
import { LinkButton } from "~/ui/link-button";
import { LogoMark } from "./logo";

/** The page for errors caught at the root, where the site's layout could not render. */
export function ErrorPage({ status, message, requestId }: { status: number; message?: string; requestId?: string }) {
  if (status === 404)
    return (
      <Shell>
        <NotFoundMessage />
      </Shell>
    );
  return (
    <Shell>
      <p className="text-6xl font-extrabold text-navy-900">{status}</p>
      <h1 className="text-2xl font-bold">
        {status >= 500 ? "Something went wrong on our side" : (message ?? "This request could not be completed")}
      </h1>
      <p className="max-w-md text-muted-foreground">
        {status >= 500
          ? "We have been told about it. Please try again in a moment; if it keeps happening, contact us and mention the reference below."
          : "Please check the address, or start again from the home page."}
      </p>
      {requestId && status >= 500 ? (
        <p className="text-sm text-muted-foreground">
          Reference: <code className="rounded bg-muted px-1.5 py-0.5">{requestId}</code>
        </p>
      ) : null}
      <LinkButton to="/" reloadDocument>
        Return to Home
      </LinkButton>
    </Shell>
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

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-5 px-6 py-16 text-center"
    >
      <Link to="/" reloadDocument aria-label="Home">
        <LogoMark className="size-12" />
      </Link>
      {children}
    </main>
  );
}
