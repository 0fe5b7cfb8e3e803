import { addDays } from "./dates";
import { fallbackLegend, qualifierTypeFor } from "./sheet-parser";
import type { CalendarEvent } from "./types";

/**
 * the three built-in samples of docs/product.md#3-entities-and-their-fields, shown when the sheet yields no
 * events. Dated a few weeks ahead of today so they are always upcoming.
 */
export function sampleEvents(today: string, shortName: string): CalendarEvent[] {
  const legend = fallbackLegend(shortName);
  const qualifier = qualifierTypeFor(shortName);
  return [
    {
      id: "sample-event-1",
      title: "Regional Speech & Debate Tournament",
      date: addDays(today, 21),
      description: "Lincoln-Douglas, Public Forum, Extemp and speech events, all online.",
      time: "4:00 PM - 8:30 PM ET",
      location: "Zoom",
      type: "speech",
      legendCategory: legend.speech ?? "Speech",
    },
    {
      id: "sample-event-2",
      title: "Model Congress Training Camp",
      date: addDays(today, 42),
      description: "Writing bills, speaking on the docket and running a chamber.",
      time: "10:00 AM - 3:00 PM ET",
      location: "Zoom",
      type: "congress",
      legendCategory: legend.congress ?? "Congress",
    },
    {
      id: "sample-event-3",
      title: "National Qualification Prep Session",
      date: addDays(today, 70),
      description: "How the district qualifies students to the national tournament.",
      time: "7:00 PM - 8:30 PM ET",
      location: "Zoom",
      type: qualifier,
      legendCategory: legend[qualifier] ?? qualifier,
    },
  ];
}
