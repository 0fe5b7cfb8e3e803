// The contact form's limits and names, without Zod: the form renders with them
// before its schema (./schema.ts) has loaded in the browser.

/** Upper bounds, so nobody can store a novel; generous for real messages. */
export const contactLimits = {
  name: 100,
  school: 150,
  email: 254,
  phone: 40,
  comment: 5000,
} as const;

/**
 * The /contact page's anchor above its form and its outcome: a post without JavaScript lands there, so the
 * messages or the success note are on the screen and not a page's height below it.
 */
export const contactOutcomeAnchor = "send-message";

/** The search parameter that opens the contact dialog on a page with Get Involved buttons (decision 0032). */
export const CONTACT_PARAM = "contact";
