/**
 * The district's time zone. Every date the site shows or files (the calendar's "today", dashboards, receipts,
 * staff notifications, iCalendar times) is taken here, whatever the server's own zone is. A module of its own, so
 * a browser bundle that needs only this name does not bring in the formatters beside it.
 */
export const DISTRICT_TIME_ZONE = "America/New_York";
