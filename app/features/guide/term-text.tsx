import { useEffect, useRef, useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { cn } from "~/ui/cn";
import { paragraphs, splitTerms, type PhilosophicalTerm } from "./terms";

/**
 * A philosophical term whose definition opens on hover, on keyboard focus and
 * on tap (SPEC.md). The trigger is a real button, so it is reachable by Tab
 * and announced with its popup state.
 */
export function TermPopover({ text, term }: { text: string; term: PhilosophicalTerm }) {
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
        className="cursor-help rounded-sm font-semibold text-navy-800 underline decoration-citron-600 decoration-dotted decoration-2 underline-offset-4 hover:bg-citron-100"
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
