/**
 * An event of the district's schedule, built from one row of the published
 * sheet (docs/product.md#3-entities-and-their-fields). `date` is a calendar date (YYYY-MM-DD) in
 * America/New_York; the sheet has no time zone and times stay free text.
 */
export type CalendarEvent = {
  id: string;
  title: string;
  date: string;
  /** Last day of a range such as "June 14 - June 19"; the start is `date`. */
  endDate?: string;
  description?: string;
  location?: string;
  time?: string;
  type: EventType;
  legendCategory: string;
  registrationLink?: string;
};

/** `${shortName.toLowerCase()}-quals` is the qualifier type (docs/product.md#identity). */
export type QualifierType = `${string}-quals`;

export type EventType =
  QualifierType | "speech" | "wsd" | "hybrid-tournament" | "debate" | "congress" | "yeshiva-league" | "other";

/** Type to display label, in the order the sheet's legend lists them. */
export type Legend = Record<string, string>;
