import { LinkButton } from "~/ui/link-button";

/** The 404 page's words: the catch-all route's and any error boundary's that catches a 404. */
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
