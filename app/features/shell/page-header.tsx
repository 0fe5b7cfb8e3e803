import type * as React from "react";
import { cn } from "~/ui/cn";

/** The band at the top of a public page: eyebrow, title, lead and actions. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("border-b border-border bg-sand-100", className)}>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        {eyebrow ? (
          <p className="mb-3 text-sm font-bold tracking-[0.12em] text-citron-800 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-navy-900 md:text-5xl">
          {title}
        </h1>
        {lead ? <div className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">{lead}</div> : null}
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}

/** A centred content column with the site's spacing. */
/** A page's band of content (.ui-section: a className's width or padding wins). */
export function Section({ className, ...props }: React.ComponentProps<"section">) {
  return <section className={cn("ui-section", className)} {...props} />;
}

/** Marks a public page shown with a draft (app/features/site-editor/preview.server.ts, decision 0039); here, beside the page header every public page loads, so it adds no script file: staff only, never cached. */
export function PreviewBanner({ section }: { section: string | null }) {
  if (!section) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 bg-citron-300 px-4 py-2 text-center text-sm font-semibold text-navy-900"
    >
      Preview: this page shows the unpublished draft of {section}. Visitors still see the published version.{" "}
      <a className="underline" href={`/admin/site/${section}`}>
        Back to the editor
      </a>
    </div>
  );
}
