import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import interLatinFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { rootShouldRevalidate } from "~/ui/background-refresh";
import { requestInfoContext } from "~/core/request-context";
import { readToast } from "~/core/toast.server";
import { databaseContext } from "~/db/context";
import { getDatabaseHandle } from "~/db/database.server";
import { getSessionUser } from "~/features/accounts/guards.server";
import { readCartId } from "~/features/shop/cart/cart-cookie.server";
import { cartItemCount } from "~/features/shop/cart/cart-view.server";
import { logger } from "~/core/logger.server";
import { ErrorPage } from "~/features/shell/error-page";
import { publicSiteConfig } from "~/features/shell/site-config.server";
import type { RootData } from "~/features/shell/use-site";
import { showToast, Toaster } from "~/ui/toast";
import { noScriptToastHtml } from "~/ui/toast-noscript.server";

/** Every request reaches the database through the router context (app/db/context.ts). */
const databaseMiddleware: Route.MiddlewareFunction = async ({ context }) => {
  const handle = await getDatabaseHandle();
  context.set(databaseContext, handle.db);
};

export const middleware: Route.MiddlewareFunction[] = [databaseMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  const rootData: RootData = {
    site: publicSiteConfig(),
    requestId: context.get(requestInfoContext).requestId,
    year: new Date().getFullYear(),
    toast,
    noScriptToast: toast ? noScriptToastHtml(toast) : null,
    cartItemCount: await headerCartCount(request, context),
    user: await signedInUser(request, context),
  };
  return data(rootData, { headers });
}

/**
 * The header badge: the cart's item count. Only a request with a cart cookie
 * reads the database, so anonymous pages without a cart cost no query.
 */
async function headerCartCount(request: Request, context: Route.LoaderArgs["context"]) {
  const preset = context.get(requestInfoContext).cartItemCount;
  if (preset !== undefined) return preset;
  const cartId = await readCartId(request);
  if (!cartId) return 0;
  return cartItemCount(context.get(databaseContext), cartId).catch((error: unknown) => {
    logger.error({ err: error }, "cart count could not be read");
    return 0;
  });
}

/** Only what the header needs: whether someone is signed in, and as what. */
async function signedInUser(request: Request, context: Route.LoaderArgs["context"]) {
  // A failed lookup shows the header signed out; an admin page says "Failed to verify access." (guards.server.ts).
  const user = await getSessionUser(request, context).catch((error: unknown) => {
    logger.error({ err: error }, "the header's session could not be read");
    return null;
  });
  return user ? { email: user.email, role: user.role } : null;
}

export const shouldRevalidate = rootShouldRevalidate;

export const links: Route.LinksFunction = () => [
  // The one render-blocking file goes first, ahead of the font and the script preloads: a phone on
  // a slow link otherwise queues it behind them and paints later (Lighthouse's mobile simulation).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // Fetch the text font with the page, not after the CSS: text would otherwise reflow when it swaps in.
  { rel: "preload", href: interLatinFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // Once React holds the page (its effects run after every child's), the root says so: the browser tests wait on
  // this condition (waitForHydration in tests/e2e/fixtures.ts) instead of a quiet network.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1b35" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast, noScriptToast } = loaderData;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  return (
    <>
      {noScriptToast ? <noscript dangerouslySetInnerHTML={{ __html: noScriptToast }} /> : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return <ErrorPage error={error} requestId={rootData?.requestId} />;
}
