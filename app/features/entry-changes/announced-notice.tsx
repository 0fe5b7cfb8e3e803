import { useEffect, useRef, type ComponentProps } from "react";
import { Notice } from "~/ui/notice";

/**
 * A change's outcome on the family's entries page, brought to the person (docs/product.md#your-entries): on a phone the card's notice
 * sits above the form that was sent, out of view. It takes focus, which scrolls it into view and has a screen reader
 * read it (the Notice is a live region besides: role status, or alert for an error): with JavaScript on each answer
 * (`answer`, a new object per answer), without it by `autofocus` in the page the post returns.
 */
export function AnnouncedNotice({ answer, className, ...props }: ComponentProps<typeof Notice> & { answer: unknown }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const notice = box.current;
    if (!notice || !answer) return;
    notice.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    notice.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }, [answer]);
  return (
    <Notice
      ref={box}
      tabIndex={-1}
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- the outcome of the form just sent: where the person's attention goes next
      autoFocus
      aria-live={props.tone === "error" ? "assertive" : "polite"}
      className={`scroll-mt-24 focus:outline-none ${className ?? ""}`}
      {...props}
    />
  );
}
