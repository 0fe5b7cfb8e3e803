import { Suspense } from "react";
import { Link } from "react-router";
import { lazyInBrowser } from "~/ui/lazy-in-browser";
import { LogoMark } from "./logo";

// What an error says loads in the browser only when one shows (decision 0041): every public page carried it.
const Message = lazyInBrowser(() => import("./error-message").then((module) => module.RouteErrorMessage));
// The server renders an error at once, so it holds the code from its start.
if (typeof document === "undefined") void Message.preload();

/**
 * What every error boundary shows (root, public layout, admin layout): the same words for the same error,
 * wherever it is caught (./error-message.tsx). The boundary decides what stays around it (the site's header
 * and footer, the admin shell, or only the logo when the root itself failed).
 */
export function RouteErrorMessage(props: { error: unknown; requestId?: string }) {
  return (
    <Suspense fallback={null}>
      <Message {...props} />
    </Suspense>
  );
}

/**
 * An error caught by a route inside a layout (the public layout's own boundary, a page's): rendered inside the
 * layout's `<main id="main">`, so a section, never a second main.
 */
export function InLayoutError({ error, requestId }: { error: unknown; requestId?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-6 py-24 text-center">
      <RouteErrorMessage error={error} requestId={requestId} />
    </section>
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
