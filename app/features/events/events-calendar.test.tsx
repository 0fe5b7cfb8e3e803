import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EventsCalendar } from "./events-calendar";
import type { EventsStatus } from "./types";

function render(status: EventsStatus) {
  const data = {
    snapshot: { status, events: [], legend: {}, isSample: false, fetchedAt: null },
    viewState: { view: "list" as const, types: [], month: "2026-11", day: null },
    today: "2026-11-24",
    path: "/events",
  };
  const Stub = createRoutesStub([
    { path: "/events", Component: () => <EventsCalendar data={data} meetingUrl="https://zoom.us/j/1" /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/events"]} />);
}

describe("EventsCalendar", () => {
  // paint-first.server.ts starts an anonymous visitor's page at the first input, unless the page asks for its
  // scripts at once: a calendar whose sheet is still loading asks the server again until it has arrived.
  it("asks for the page's scripts at once while the events are loading, and only then", () => {
    const loading = render("loading");
    expect(loading).toContain("(Loading...)");
    expect(loading).toMatch(
      /<p[^>]*data-scripts-now=""[^>]*data-testid="events-status"|<p[^>]*data-testid="events-status"[^>]*data-scripts-now=""/,
    );
    for (const status of ["ready", "error"] as const) expect(render(status)).not.toContain("data-scripts-now");
  });
});
