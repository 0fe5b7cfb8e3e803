import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { lazyUntilUsed } from "~/ui/lazy-in-browser";
import { EventNav, type GuideGroup } from "./event-nav";
import type { GuideEventView } from "./schema";
import { GUIDE_DETAIL_ID, guideHref, parseTab, type GuideTab } from "./slugs";

// In the HTML at once; the tabs' code (Radix Tabs, about 6 KB) loads when someone reaches for the event's
// content (decision 0019). Until then each tab is the link it is without JavaScript.
const EventDetail = lazyUntilUsed(() => import("./event-detail").then((module) => module.EventDetail));

/** For the page's loader: the detail's code on the server, so that it is in the HTML. */
export const preloadGuideView = EventDetail.preload;

/** docs/product.md#9-constants-and-limits: below 1024 px, the detail scrolls into view 100 ms after a choice. */
export const narrowViewportQuery = "(max-width: 1023.98px)";
export const scrollToDetailDelayMs = 100;

export function GuideView({ groups, event }: { groups: GuideGroup[]; event: GuideEventView }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = parseTab(searchParams.get("tab"));
  const detail = useRef<HTMLDivElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pendingScroll = useRef<string | null>(null);

  // The delay counts from when the chosen event is on screen, so a slow
  // network never scrolls to the old event's content.
  useEffect(() => {
    if (pendingScroll.current !== event.id) return;
    pendingScroll.current = null;
    scrollSoon(scrollTimer, detail);
  }, [event.id]);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const eventId = event.id;
  const onTabChange = useCallback(
    (next: GuideTab) => navigate(guideHref(eventId, next), { replace: true, preventScrollReset: true }),
    [navigate, eventId],
  );

  const onChoose = (id: string) => {
    if (!window.matchMedia(narrowViewportQuery).matches) return;
    if (id === event.id) scrollSoon(scrollTimer, detail);
    else pendingScroll.current = id;
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:py-14 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-12">
      <div>
        <EventNav groups={groups} selectedId={event.id} onChoose={onChoose} />
      </div>
      <div id={GUIDE_DETAIL_ID} ref={detail} className="min-w-0">
        <EventDetail event={event} tab={tab} onTabChange={onTabChange} />
      </div>
    </div>
  );
}

function scrollSoon(
  timer: RefObject<ReturnType<typeof setTimeout> | undefined>,
  target: RefObject<HTMLElement | null>,
) {
  clearTimeout(timer.current);
  timer.current = setTimeout(() => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.current?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  }, scrollToDetailDelayMs);
}
