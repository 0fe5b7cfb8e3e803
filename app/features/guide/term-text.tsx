import { useEffect, useId, useRef } from "react";
import { cn } from "~/ui/cn";
import { paragraphs, splitTerms, type PhilosophicalTerm } from "./terms";

const triggerClasses =
  "cursor-help rounded-sm font-semibold text-navy-800 underline decoration-citron-600 decoration-dotted decoration-2 underline-offset-4 hover:bg-citron-100";

// Above its word where the browser places popovers by anchor (CSS anchor
// positioning), below it when there is no room above; centred on the screen
// elsewhere.
const definitionClasses =
  "m-auto w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-4 text-sm leading-relaxed shadow-lg " +
  "supports-[position-area:top]:mx-0 supports-[position-area:top]:my-1.5 supports-[position-area:top]:[position-area:top] " +
  "supports-[position-area:top]:[position-try-fallbacks:flip-block] supports-[position-area:top]:[justify-self:anchor-center]";

/** How long the pointer has to travel from the word to its definition. */
const CLOSE_DELAY_MS = 150;

/**
 * A philosophical term whose definition opens on hover, on keyboard focus and
 * on tap (docs/product.md). The trigger is a real button, so it is reachable by Tab
 * and announced with its popup state; the definition is the browser's own
 * popover (the Popover API), so it opens, closes on Escape or a tap elsewhere,
 * and sits above the page with or without JavaScript. JavaScript adds hover
 * and focus, and no library: Radix Popover and its positioning code were
 * about 10 KB of the guide's JavaScript (decision 0013).
 */
export function TermPopover({ text, term }: { text: string; term: PhilosophicalTerm }) {
  const popoverId = `term-${useId().replace(/[^\w-]/g, "")}`;
  const trigger = useRef<HTMLButtonElement>(null);
  const definition = useRef<HTMLSpanElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const press = useRef<{ pointerType: string; wasOpen: boolean } | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const isOpen = () => definition.current?.matches(":popover-open") ?? false;
  const show = () => {
    clearTimeout(closeTimer.current);
    if (!definition.current || isOpen()) return;
    // With its source, the popover knows its button: a tap on the word is not a tap "elsewhere".
    const element = definition.current as HTMLElement & { showPopover(options?: { source?: HTMLElement }): void };
    element.showPopover({ source: trigger.current ?? undefined });
  };
  const hide = () => {
    clearTimeout(closeTimer.current);
    if (isOpen()) definition.current?.hidePopover();
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(hide, CLOSE_DELAY_MS);
  };
  // Hover is for mice; touch gets the tap (click) behaviour below.
  const hoverHandlers = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") show();
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType === "mouse") hideSoon();
    },
  };
  const anchor = `--${popoverId}`;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        popoverTarget={popoverId}
        className={triggerClasses}
        style={{ anchorName: anchor } as React.CSSProperties}
        {...hoverHandlers}
        onPointerDown={(event) => {
          press.current = { pointerType: event.pointerType, wasOpen: isOpen() };
        }}
        onFocus={show}
        onBlur={hideSoon}
        onClick={(event) => {
          // Hover or focus has already opened it: a mouse click keeps it open,
          // a tap or a key press toggles from the state before the press.
          event.preventDefault();
          const { pointerType, wasOpen } = press.current ?? { pointerType: "", wasOpen: isOpen() };
          press.current = null;
          if (pointerType === "mouse" || !wasOpen) show();
          else hide();
        }}
      >
        {text}
      </button>
      <span
        ref={definition}
        id={popoverId}
        popover="auto"
        role="note"
        aria-label={`Definition of ${term.term}`}
        className={definitionClasses}
        style={{ positionAnchor: anchor } as React.CSSProperties}
        {...hoverHandlers}
      >
        <span className="block font-bold text-navy-900 capitalize">{term.term}</span>
        <span className="mt-1 block text-stone-700">{term.definition}</span>
      </span>
    </>
  );
}

/** Guide text: paragraphs split on blank lines, with term definitions. */
export function TermText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn("grid gap-4", className)}>
      {paragraphs(text).map((paragraph) => (
        <p key={paragraph}>
          <InlineTerms text={paragraph} />
        </p>
      ))}
    </div>
  );
}

export function InlineTerms({ text }: { text: string }) {
  return splitTerms(text).map((part, index) =>
    part.kind === "term" ? (
      <TermPopover key={`${part.term.term}-${index}`} text={part.text} term={part.term} />
    ) : (
      part.text
    ),
  );
}
