import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "~/ui/cn";
import { addMonths, formatLongDate, formatMonth, monthGrid, WEEKDAYS } from "./dates";
import { typeDotClass } from "./event-types";
import { ToggleControl } from "./toggle-control";
import type { CalendarEvent } from "./types";

/** One month grid with previous/next month; days with events are highlighted. */
export function CalendarMonth({
  month,
  selectedDay,
  today,
  events,
  hrefFor,
  onMonth,
  onDay,
  headingTag = "h3",
}: {
  headingTag?: "h3" | "h4";
  month: string;
  selectedDay: string | null;
  today: string;
  events: readonly CalendarEvent[];
  hrefFor: (change: { month?: string; day?: string | null }) => string;
  onMonth: (month: string) => void;
  onDay: (day: string | null) => void;
}) {
  const HeadingTag = headingTag;
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const navClass =
    "inline-flex size-11 items-center justify-center rounded-lg border border-input bg-card text-navy-900 hover:bg-muted";

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <ToggleControl
          href={hrefFor({ month: previous, day: null })}
          onToggle={() => onMonth(previous)}
          className={navClass}
          aria-label={`Previous month, ${formatMonth(previous)}`}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </ToggleControl>
        <HeadingTag className="text-lg font-bold text-navy-900" aria-live="polite" data-testid="calendar-month">
          {formatMonth(month)}
        </HeadingTag>
        <ToggleControl
          href={hrefFor({ month: next, day: null })}
          onToggle={() => onMonth(next)}
          className={navClass}
          aria-label={`Next month, ${formatMonth(next)}`}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </ToggleControl>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-1 text-center">
        <caption className="sr-only">{formatMonth(month)}: days with events are marked</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-xs font-semibold text-muted-foreground">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) => {
                if (!day) return <td key={`empty-${index}`} aria-hidden="true" />;
                const dayEvents = byDay.get(day) ?? [];
                const selected = day === selectedDay;
                const label = `${formatLongDate(day)}${dayEvents.length ? `, ${dayEvents.length} ${dayEvents.length === 1 ? "event" : "events"}` : ""}`;
                return (
                  <td key={day} className="p-0">
                    <ToggleControl
                      href={hrefFor({ day: selected ? null : day })}
                      pressed={selected}
                      onToggle={() => onDay(selected ? null : day)}
                      aria-label={label}
                      data-testid={dayEvents.length ? "event-day" : undefined}
                      className={cn(
                        "relative flex aspect-square min-h-11 w-full flex-col items-center justify-center rounded-lg text-sm tabular-nums transition-colors",
                        selected
                          ? "bg-navy-800 text-white hover:bg-navy-700"
                          : dayEvents.length
                            ? "bg-citron-200 text-navy-950 hover:bg-citron-300"
                            : "text-stone-700 hover:bg-muted",
                        dayEvents.length > 0 && "font-bold",
                        day === today && "ring-2 ring-navy-600 ring-inset",
                      )}
                    >
                      <span>{Number(day.slice(8))}</span>
                      {dayEvents.length ? (
                        <span aria-hidden="true" className="absolute bottom-1.5 flex gap-0.5">
                          {dayEvents.slice(0, 3).map((event) => (
                            <span key={event.id} className={cn("size-1.5 rounded-full", typeDotClass(event.type))} />
                          ))}
                        </span>
                      ) : null}
                    </ToggleControl>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
