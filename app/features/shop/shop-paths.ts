
/** A hidden field the cart forms carry only once JavaScript runs: answer with data, not a redirect. */
export const JS_FIELD = "js";

/** The query parameter that shows a registration form in the page (no JavaScript). */
export const REGISTER_PARAM = "register";
