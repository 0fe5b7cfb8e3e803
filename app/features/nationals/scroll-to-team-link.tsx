import { ArrowDown } from "lucide-react";
import { buttonVariants } from "~/ui/button";

/**
 * An in-page link to the team section: it works without JavaScript. With it,
 * the scroll is smooth unless the visitor prefers reduced motion, and focus
 * moves to the section so keyboard and screen-reader users land there too.
 */
export function ScrollToTeamLink({ targetId, children }: { targetId: string; children: React.ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      className={buttonVariants({ variant: "accent", size: "lg" })}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
        target.focus({ preventScroll: true });
        history.replaceState(history.state, "", `#${targetId}`);
      }}
    >
      {children}
      <ArrowDown aria-hidden="true" />
    </a>
  );
}
