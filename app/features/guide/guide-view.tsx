import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EventDetail } from "./event-detail";
import { EventNav, type GuideGroup } from "./event-nav";
import type { GuideEventView } from "./schema";
import { guideHref, parseTab } from "./slugs";

/** SPEC.md section 9: below 1024 px, the detail scrolls into view 100 ms after a choice. */
export const narrowViewportQuery = "(max-width: 1023.98px)";
export const scrollToDetailDelayMs = 100;

export function GuideView({ groups, event }: { groups: GuideGroup[]; event: GuideEventView }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = parseTab(searchParams.get("tab"));
  const detail = useRef<HTMLDivElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const onChoose = () => {
    if (!window.matchMedia(narrowViewportQuery).matches) return;
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      detail.current?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    }, scrollToDetailDelayMs);
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:py-14 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-12">
      <div>
        <EventNav groups={groups} selectedId={event.id} onChoose={onChoose} />
      </div>
      <div id="event-detail" ref={detail} className="min-w-0 scroll-mt-20">
        <EventDetail
          event={event}
          tab={tab}
          onTabChange={(next) => navigate(guideHref(event.id, next), { replace: true, preventScrollReset: true })}
        />
      </div>
    </div>
  );
}
