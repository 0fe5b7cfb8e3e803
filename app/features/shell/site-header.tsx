import { LayoutDashboard, LogOut, Menu, ShoppingCart, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { CART_ANCHOR_PATH, CART_SECTION_ID } from "~/core/cart-anchor";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { LinkButton } from "~/ui/link-button";
import { Wordmark } from "./logo";
import { navLinks } from "./nav-links";
import { useRootData } from "./use-site";
import { accountHome, accountHomeLabel } from "~/features/accounts/roles";

/** The bar's links; the phone menu's are larger (`size`). */
const linkClasses = ({ isActive }: { isActive: boolean }, size = "text-[0.8125rem]") =>
  cn(
    "rounded-md px-2.5 py-2 font-semibold whitespace-nowrap transition-colors",
    size,
    isActive ? "bg-accent text-accent-foreground" : "text-navy-800 hover:bg-navy-50 hover:text-navy-950",
  );

/** The public navigation bar of docs/product.md#2-screens-and-routes. */
export function SiteHeader() {
  const { site, cartItemCount, user } = useRootData();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  // Any navigation (links, back button, sign-out) closes the small-screen menu,
  // but hydration is not a navigation: a visitor who opened the menu before the
  // script loaded keeps it open.
  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      {user ? (
        // docs/product.md#2-screens-and-routes names the buttons. Ten links leave no room for them in the 1280 px row, so at
        // desktop widths a signed-in person gets them in a slim row of their own above it (the small-screen
        // menu names them in full).
        <div className="hidden border-b border-border bg-navy-50 xl:block" data-testid="account-bar">
          <div className="mx-auto flex h-11 max-w-7xl items-center justify-end gap-2 px-4 sm:px-6">
            <p className="mr-auto truncate text-sm text-stone-700">
              Signed in as <span className="font-semibold text-navy-900">{user.email}</span>
            </p>
            <LinkButton to={accountHome(user.role)} size="sm" variant="secondary">
              <LayoutDashboard aria-hidden="true" />
              {accountHomeLabel(user.role)}
            </LinkButton>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" size="sm" variant="outline">
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="mr-auto rounded-lg">
          <Wordmark name={site.name} shortName={site.shortName} />
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => linkClasses({ isActive })} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {cartItemCount > 0 ? (
          <Link
            to={CART_ANCHOR_PATH}
            className="relative inline-flex size-11 items-center justify-center rounded-lg text-navy-800 hover:bg-muted xl:hidden"
            aria-label={`Shopping cart, ${cartItemCount} ${cartItemCount === 1 ? "item" : "items"}`}
            onClick={(event) => {
              if (location.pathname !== "/fees") return;
              const target = document.getElementById(CART_SECTION_ID);
              if (!target) return;
              event.preventDefault();
              target.scrollIntoView({ behavior: "smooth", block: "start" });
            }}
          >
            <ShoppingCart className="size-5" aria-hidden="true" />
            <span
              data-testid="cart-count"
              className="absolute top-1 right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[0.6875rem] leading-5 font-bold text-accent-foreground"
            >
              {cartItemCount}
            </span>
          </Link>
        ) : null}

        {/* A disclosure works without JavaScript; with it, choosing a link closes it. */}
        {/* Escape closes the open menu, as it does a dialog, and gives focus back to its button. (A <details> is
            a disclosure widget, not a static element: the key is keyboard support of the control itself.) */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <details
          ref={menu}
          className="group xl:hidden"
          onKeyDown={(event) => {
            if (event.key === "Escape" && event.currentTarget.open) {
              event.currentTarget.open = false;
              event.currentTarget.querySelector("summary")?.focus();
            }
          }}
        >
          <summary
            className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-navy-800 hover:bg-muted [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <Menu className="size-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-open:block" aria-hidden="true" />
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-card px-4 pt-2 pb-5 shadow-lg sm:px-6"
          >
            <ul className="grid gap-1 sm:grid-cols-2">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    onClick={closeMenu}
                    className={({ isActive }) =>
                      linkClasses({ isActive }, "flex min-h-11 items-center text-[0.9375rem]")
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {user ? (
              <div className="mt-3 flex gap-2 border-t border-border pt-3">
                <LinkButton to={accountHome(user.role)} variant="secondary" className="flex-1" onClick={closeMenu}>
                  <LayoutDashboard aria-hidden="true" />
                  {accountHomeLabel(user.role)}
                </LinkButton>
                <Form method="post" action="/auth/sign-out" className="flex-1" onSubmit={closeMenu}>
                  <Button type="submit" variant="outline" className="w-full">
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </Button>
                </Form>
              </div>
            ) : null}
          </nav>
        </details>
      </div>
    </header>
  );
}
