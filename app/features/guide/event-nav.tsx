import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";
import type { GuideCategory } from "./schema";
import { GUIDE_DETAIL_ID, guideHref } from "./slugs";

export type GuideGroup = { category: GuideCategory; events: { id: string; name: string; abbreviation?: string }[] };

type NavProps = {
  groups: GuideGroup[];
  selectedId: string;
  /** Called when an event link is chosen (the page scrolls to the detail on small screens). */
  onChoose: (id: string) => void;
};

/**
 * The grouped event list (Congress, Debate, Speech). Every event is a link with
 * ?event=, so choosing one works without JavaScript and with the back button.
 * From 1024 px it is a sticky side list; below, each group is a disclosure
 * (native <details>, so it opens without JavaScript too), the chosen event's group open.
 */
export function EventNav({ groups, selectedId, onChoose }: NavProps) {
  return (
    <>
      <nav aria-label="Events" className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] overflow-y-auto pr-2 lg:block">
        <div className="grid gap-6">
          {groups.map((group) => (
            <div key={group.category}>
              <h2
                id={`guide-group-${group.category}`}
                className="mb-2 px-3 text-xs font-bold tracking-[0.12em] text-citron-800 uppercase"
              >
                {group.category}
              </h2>
              <EventLinks
                group={group}
                selectedId={selectedId}
                onChoose={onChoose}
                labelledBy={`guide-group-${group.category}`}
              />
            </div>
          ))}
        </div>
      </nav>

      <nav aria-label="Events" className="grid gap-2 lg:hidden" data-testid="guide-accordion">
        {groups.map((group) => {
          const hasSelected = group.events.some((event) => event.id === selectedId);
          return (
            <details
              key={group.category}
              open={hasSelected}
              className="group rounded-card border border-border bg-card open:shadow-xs"
            >
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
                <span>
                  {group.category}
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {group.events.length} {group.events.length === 1 ? "event" : "events"}
                  </span>
                </span>
                <ChevronDown
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <div className="border-t border-border px-2 py-2">
                <EventLinks group={group} selectedId={selectedId} onChoose={onChoose} />
              </div>
            </details>
          );
        })}
      </nav>
    </>
  );
}

function EventLinks({
  group,
  selectedId,
  onChoose,
  labelledBy,
}: { group: GuideGroup; labelledBy?: string } & Omit<NavProps, "groups">) {
  // Until React runs, choosing an event loads a new page: its address ends at the detail, so a phone (where
  // the detail is below the list) opens there. With React, onChoose scrolls on narrow screens (docs/product.md).
  const hydrated = useHydrated();
  return (
    <ul className="grid gap-0.5" aria-labelledby={labelledBy}>
      {group.events.map((event) => {
        const selected = event.id === selectedId;
        return (
          <li key={event.id}>
            <Link
              to={hydrated ? guideHref(event.id) : `${guideHref(event.id)}#${GUIDE_DETAIL_ID}`}
              preventScrollReset
              prefetch="intent"
              aria-current={selected ? "page" : undefined}
              onClick={() => onChoose(event.id)}
              className={cn(
                "flex min-h-11 items-center justify-between gap-3 rounded-lg px-3 py-2 text-[0.9375rem] font-medium transition-colors",
                selected ? "bg-navy-800 text-white" : "text-navy-800 hover:bg-navy-50 hover:text-navy-950",
              )}
            >
              <span>{event.name}</span>
              {event.abbreviation ? (
                <span className={cn("text-xs font-semibold", selected ? "text-citron-200" : "text-muted-foreground")}>
                  {event.abbreviation}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
