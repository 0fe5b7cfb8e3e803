import { useEffect, useId, useRef, useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import { paragraphs, splitTerms, type PhilosophicalTerm } from "./terms";

const triggerClasses =
  "cursor-help rounded-sm font-semibold text-navy-800 underline decoration-citron-600 decoration-dotted decoration-2 underline-offset-4 hover:bg-citron-100";

/**
 * A philosophical term whose definition opens on hover, on keyboard focus and
 * on tap (SPEC.md). The trigger is a real button, so it is reachable by Tab
 * and announced with its popup state. Before the page's JavaScript runs (or
 * without it) the button opens the definition as a native popover, which the
 * browser shows and dismisses on its own.
 */
export function TermPopover({ text, term }: { text: string; term: PhilosophicalTerm }) {
  const hydrated = useHydrated();
  return hydrated ? <InteractiveTerm text={text} term={term} /> : <NativeTerm text={text} term={term} />;
}

function NativeTerm({ text, term }: { text: string; term: PhilosophicalTerm }) {
  const id = useId();
  return (
    <>
      <button type="button" popoverTarget={id} className={triggerClasses}>
        {text}
      </button>
      <span
        id={id}
        popover="auto"
        role="note"
        aria-label={`Definition of ${term.term}`}
        className="m-auto w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-4 text-sm leading-relaxed shadow-lg backdrop:bg-navy-950/20"
      >
        <span className="block font-bold text-navy-900 capitalize">{term.term}</span>
        <span className="mt-1 block text-stone-700">{term.definition}</span>
      </span>
    </>
  );
}

function InteractiveTerm({ text, term }: { text: string; term: PhilosophicalTerm }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const openBeforePress = useRef(false);
  const pointerType = useRef<string>("");

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short delay lets the pointer travel from the word to the definition.
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
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

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className={triggerClasses}
        {...hoverHandlers}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
          openBeforePress.current = open;
        }}
        onFocus={show}
        onBlur={hideSoon}
        onClick={(event) => {
          // Hover or focus has already opened it: a mouse click keeps it open,
          // a tap or a key press toggles from the state before the press.
          event.preventDefault();
          if (pointerType.current === "mouse") setOpen(true);
          else setOpen(!(pointerType.current ? openBeforePress.current : open));
          pointerType.current = "";
        }}
      >
        {text}
      </PopoverTrigger>
      <PopoverContent
        side="top"
        aria-label={`Definition of ${term.term}`}
        collisionPadding={12}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        {...hoverHandlers}
      >
        <p className="font-bold text-navy-900 capitalize">{term.term}</p>
        <p className="mt-1 text-stone-700">{term.definition}</p>
      </PopoverContent>
    </Popover>
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
