import { lazy, Suspense, useCallback, useState } from "react";
import type * as React from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import { dialogOpener, loadDialogFrame } from "./dialog-link";
import { urlDialogMode, withDialogParam, type InPageSection } from "./dialog-url";
import { useHydrated } from "./use-hydrated";

/**
 * One way to open a form (decision 0032; docs/architecture.md, "Forms and dialogs"): its open state is a search
 * parameter. `DialogLink` (./dialog-link.tsx) is a real link to `?<param>=<value>`; `UrlDialog` shows what it opens.
 * - Without JavaScript, and before the page's scripts have started, the link is followed: the server renders the
 *   page with the parameter, and `UrlDialog` renders its children in a card on the page (a reload keeps it).
 * - With JavaScript the link's click sets the parameter in place (no document load; the address bar shows it),
 *   and `UrlDialog` renders the same children in a Radix dialog; closing it removes the parameter and focus goes
 *   back to the link that opened it.
 * - `alert` makes it the confirmation flavour (a deletion).
 * The Radix part loads on first use (app/ui/dialog-frame.tsx): pages stay light.
 */

const DialogFrame = lazy(loadDialogFrame);

/** Reads a dialog parameter: its value, how it shows now, and how to close it. */
export function useUrlDialog(param: string, section: InPageSection = "card") {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const value = new URLSearchParams(location.search).get(param);
  // The value the server rendered the page with (a link followed, a reload); set once, forgotten once closed.
  const [renderedWith, setRenderedWith] = useState(() => (hydrated ? null : value));
  if (value === null && renderedWith !== null) setRenderedWith(null);
  const mode = urlDialogMode({ value, renderedWith, hydrated, section });
  const closedSearch = withDialogParam(location.search, param, null);
  const closeTo = { pathname: location.pathname, search: closedSearch };
  const close = useCallback(() => {
    void navigate({ pathname: location.pathname, search: closedSearch }, { replace: true, preventScrollReset: true });
  }, [navigate, location.pathname, closedSearch]);
  return { value, mode, close, closeTo };
}

type UrlDialogContext<Item> = {
  item: Item;
  /** Closes it: removes the parameter (after a success, say). */
  close: () => void;
  /** A Cancel control for the form's buttons: the dialog's own, or a link back without the parameter. */
  cancel: React.ReactNode;
  /** "section" in the page, or "dialog". */
  mode: "section" | "dialog";
};

export function UrlDialog<Item = string>({
  param,
  resolve,
  title,
  description,
  alert,
  section = "card",
  id,
  className,
  sectionClassName,
  children,
}: {
  param: string;
  /** What the parameter's value names (a product); null when it names nothing, and nothing opens. */
  resolve?: (value: string) => Item | null | undefined;
  title: React.ReactNode | ((item: Item) => React.ReactNode);
  description?: React.ReactNode | ((item: Item) => React.ReactNode);
  alert?: boolean;
  section?: InPageSection;
  /** The card's id (the opener's `hash`). */
  id?: string;
  /** The dialog's classes (its width). */
  className?: string;
  sectionClassName?: string;
  children: (context: UrlDialogContext<Item>) => React.ReactNode;
}) {
  const { value, mode, close, closeTo } = useUrlDialog(param, section);
  const item = value === null ? null : resolve ? (resolve(value) ?? null) : (value as Item);
  // The last item shown in a dialog stays mounted (closed) so that the dialog can close and give focus back.
  const [shown, setShown] = useState<{ value: string; item: Item } | null>(null);
  const dialogItem = mode === "dialog" && item !== null ? item : null;
  if (dialogItem !== null && value !== null && shown?.value !== value) setShown({ value, item: dialogItem });
  const frameItem = dialogItem ?? shown?.item;

  const heading = (of: Item) => (typeof title === "function" ? (title as (item: Item) => React.ReactNode)(of) : title);
  const lead = (of: Item) =>
    typeof description === "function" ? (description as (item: Item) => React.ReactNode)(of) : description;

  if (mode === "section") {
    if (section !== "card" || item === null) return null;
    const titleId = `${id ?? param}-title`;
    const cancel = (
      <Link to={closeTo} className={buttonVariants({ variant: "outline", size: "lg" })}>
        Cancel
      </Link>
    );
    return (
      <section
        id={id}
        // The confirmation flavour says so in the page too (a screen reader hears a confirmation, not a region).
        role={alert ? "alertdialog" : undefined}
        aria-labelledby={titleId}
        className={cn(
          "scroll-mt-24 rounded-card border-2 border-accent bg-card p-5 shadow-sm sm:p-6",
          sectionClassName,
        )}
      >
        <h2 id={titleId} className="text-2xl font-bold text-navy-900">
          {heading(item)}
        </h2>
        {lead(item) ? <p className="mt-1 mb-5 text-stone-700">{lead(item)}</p> : <div className="mb-5" />}
        {children({ item, close, cancel, mode })}
      </section>
    );
  }

  if (!shown || frameItem === undefined) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame
        open={dialogItem !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        alert={alert}
        className={className}
        title={heading(frameItem)}
        description={lead(frameItem)}
        opener={() => dialogOpener(param)}
      >
        {(cancel) => children({ item: frameItem, close, cancel, mode: "dialog" })}
      </DialogFrame>
    </Suspense>
  );
}
