import {
  CircleDollarSign,
  FilePenLine,
  HandHeart,
  Landmark,
  LogOut,
  Mail,
  MailWarning,
  Menu,
  Megaphone,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  ShoppingBag,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { LogoMark } from "../logo";
import { SkipLink } from "../skip-link";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/ui/sheet";
import { adminNavFor } from "./admin-nav";
import { useHydrated } from "~/ui/use-hydrated";
import type { Role } from "~/features/accounts/roles";
import { isSidebarShortcut, sidebarCookie } from "./sidebar-state";

const icons: Record<string, LucideIcon> = {
  "/admin/profile": UserRound,
  "/orders": ShoppingBag,
  "/admin/donations": HandHeart,
  "/contact-submissions": Mail,
  "/admin/site": FilePenLine,
  "/admin/users": Users,
  "/admin/products": Package,
  "/admin/campaigns": Megaphone,
  "/admin/mail": MailWarning,
  "/admin/payments": CircleDollarSign,
  "/admin/finance": Landmark,
};

export type ShellUser = { email: string; role: Role };

/**
 * The admin area's frame (docs/product.md#admin-area-and-orders): the Admin Dashboard header
 * and the Admin Panel sidebar. The sidebar collapses to icons (remembered in a
 * cookie for 7 days, Ctrl/Cmd+B) and is a sheet under 768 px.
 */
export function AdminShell({
  user,
  sidebarOpen: initialOpen,
  navCounts = {},
  children,
}: {
  user: ShellUser;
  sidebarOpen: boolean;
  /** Items that need attention, by path (e.g. undelivered emails); shown when above zero. */
  navCounts?: Readonly<Record<string, number>>;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [sheetOpen, setSheetOpen] = useState(false);
  const hydrated = useHydrated();

  const toggle = useCallback(() => {
    setOpen((previous) => {
      document.cookie = sidebarCookie(!previous);
      return !previous;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      // Under 768 px the sidebar is the sheet: the shortcut opens and closes it.
      if (window.matchMedia("(max-width: 767.98px)").matches) setSheetOpen((value) => !value);
      else toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-card px-3 sm:px-4">
        {hydrated ? (
          <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open Admin Panel">
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" aria-describedby={undefined} className="p-0">
              <SheetTitle className="sr-only">Admin Panel</SheetTitle>
              <SidebarContent role={user.role} counts={navCounts} expanded onNavigate={() => setSheetOpen(false)} />
            </SheetContent>
          </Sheet>
        ) : (
          // Before JavaScript runs (or without it) the phone menu is a disclosure.
          <details className="group md:hidden">
            <summary
              aria-label="Open Admin Panel"
              className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-muted [&::-webkit-details-marker]:hidden"
            >
              <Menu className="size-5" aria-hidden="true" />
            </summary>
            <div className="absolute inset-x-0 top-14 border-b border-border bg-card shadow-lg">
              <SidebarContent role={user.role} counts={navCounts} expanded />
            </div>
          </details>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="hidden md:inline-flex"
          onClick={toggle}
          aria-label={open ? "Collapse sidebar" : "Expand sidebar"}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          title="Toggle sidebar (Ctrl+B)"
        >
          {open ? (
            <PanelLeftClose className="size-5" aria-hidden="true" />
          ) : (
            <PanelLeftOpen className="size-5" aria-hidden="true" />
          )}
        </Button>
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="Back to the public site">
          <LogoMark className="size-7" />
        </Link>
        <p className="text-base font-bold tracking-tight text-navy-900 sm:text-lg">Admin Dashboard</p>
        <p className="ml-auto hidden truncate text-sm text-muted-foreground sm:block" data-testid="shell-email">
          {user.email}
        </p>
      </header>
      <div className="flex flex-1">
        <aside
          id="admin-sidebar"
          data-state={open ? "expanded" : "collapsed"}
          className={cn(
            "sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 border-r border-border bg-card transition-[width] duration-200 motion-reduce:transition-none md:block",
            open ? "w-60" : "w-16",
          )}
        >
          <SidebarContent role={user.role} counts={navCounts} expanded={open} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarContent({
  role,
  counts,
  expanded,
  onNavigate,
}: {
  role: Role;
  counts: Readonly<Record<string, number>>;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <nav aria-label="Admin Panel" className="flex-1">
        <p
          className={cn(
            "px-2 pt-1 pb-2 text-xs font-bold tracking-[0.1em] text-muted-foreground uppercase",
            !expanded && "sr-only",
          )}
        >
          Admin Panel
        </p>
        <ul className="grid gap-1">
          {adminNavFor(role).map((item) => {
            const Icon = icons[item.to] ?? UserRound;
            const count = counts[item.to] ?? 0;
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  prefetch="intent"
                  onClick={onNavigate}
                  title={expanded ? undefined : count > 0 ? `${item.label} (${count})` : item.label}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-11 items-center gap-3 rounded-lg text-sm font-semibold transition-colors",
                      isActive ? "bg-accent text-accent-foreground" : "text-navy-800 hover:bg-muted",
                      expanded ? "px-3" : "justify-center px-0",
                    )
                  }
                >
                  <span className="relative">
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    {count > 0 && !expanded ? (
                      <span
                        aria-hidden="true"
                        className="absolute -top-1 -right-1 size-2.5 rounded-full bg-destructive ring-2 ring-card"
                      />
                    ) : null}
                  </span>
                  <span className={cn(!expanded && "sr-only")}>{item.label}</span>
                  {count > 0 ? (
                    <span
                      data-testid="nav-count"
                      className={cn(
                        "ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground tabular",
                        !expanded && "sr-only",
                      )}
                    >
                      {count}
                      <span className="sr-only"> need attention</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="post" action="/auth/sign-out">
        <Button
          type="submit"
          variant="ghost"
          className={cn("w-full gap-3 text-navy-800", expanded ? "justify-start px-3" : "justify-center px-0")}
          title={expanded ? undefined : "Sign Out"}
        >
          <LogOut className="size-5" aria-hidden="true" />
          <span className={cn(!expanded && "sr-only")}>Sign Out</span>
        </Button>
      </Form>
    </div>
  );
}
