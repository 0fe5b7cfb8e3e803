import { ChevronDown } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { cn } from "~/ui/cn";
import { type BioRule, shortenBio } from "./truncate-bio";
import { useHydrated } from "~/ui/use-hydrated";

const fade = "linear-gradient(to bottom, black calc(100% - 2.5rem), transparent)";

const toggleClasses =
  "inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md text-sm font-semibold text-navy-700 underline-offset-4 hover:text-navy-900 hover:underline [&::-webkit-details-marker]:hidden";

/**
 * A bio shortened by the rule of docs/product.md#9-constants-and-limits with a Read more / Read less
 * toggle. Before JavaScript runs it is a native <details>, so the whole bio
 * is one click away without it; once hydrated, a button announces its state
 * with aria-expanded and aria-controls.
 */
export function ExpandableBio({
  bio,
  rule,
  subject,
  className,
  html,
}: {
  bio: string;
  /** The whole bio as HTML rendered on the server from the staff Markdown (app/features/content/markdown.server.ts); `bio` is then its plain text. */
  html?: string;
  rule: BioRule;
  /** Whose bio this is, for screen readers ("Read more about ..."). */
  subject: string;
  className?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // Fade the last line only when the preview is taller than the collapsed height.
  const previewRef = useCallback((element: HTMLParagraphElement | null) => {
    if (element) setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, []);
  const { preview, truncated } = shortenBio(bio, rule);
  const full = bio.trim().replace(/\s+/g, " ");
  const textClasses = "text-[0.9375rem] leading-relaxed text-stone-700";
  const richClasses = cn(
    textClasses,
    "grid gap-2 [&_a]:font-medium [&_a]:text-navy-700 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5",
  );
  // The server rendered it (markdown.server.ts escapes everything but its own few tags).
  const whole = (id?: string) =>
    html ? (
      <div id={id} className={richClasses} dangerouslySetInnerHTML={{ __html: html }} />
    ) : (
      <p id={id} className={textClasses}>
        {full}
      </p>
    );
  const collapsed = { maxHeight: rule.collapsedHeightPx };

  if (!truncated) return <div className={className}>{whole()}</div>;

  if (!hydrated) {
    return (
      <div className={cn("group/bio", className)} data-bio="static">
        <p className={cn(textClasses, "overflow-hidden group-has-[details[open]]/bio:hidden")} style={collapsed}>
          {preview}
        </p>
        {/* A visitor may open it before the script runs: keep it open when the button takes over. */}
        <details
          className="group/details flex flex-col-reverse"
          ref={(element) => {
            if (element?.open) setExpanded(true);
          }}
          onToggle={(event) => setExpanded(event.currentTarget.open)}
        >
          <summary className={toggleClasses}>
            <span className="group-open/details:hidden">Read more</span>
            <span className="hidden group-open/details:inline">Read less</span>
            <span className="sr-only"> about {subject}</span>
            <ChevronDown className="size-4 transition-transform group-open/details:rotate-180" aria-hidden="true" />
          </summary>
          {whole()}
        </details>
      </div>
    );
  }

  return (
    <div className={className} data-bio="interactive">
      {expanded ? (
        whole(id)
      ) : (
        <p
          id={id}
          ref={previewRef}
          className={cn(textClasses, "overflow-hidden")}
          style={{ ...collapsed, maskImage: overflows ? fade : undefined }}
        >
          {preview}
        </p>
      )}
      <button
        type="button"
        className={toggleClasses}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? "Read less" : "Read more"}
        <span className="sr-only"> about {subject}</span>
        <ChevronDown className={cn("size-4 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
      </button>
    </div>
  );
}
