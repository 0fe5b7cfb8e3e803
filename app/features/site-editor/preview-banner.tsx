/** Marks a public page shown with a draft (app/features/site-editor/preview.server.ts): staff only, never cached. */
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
