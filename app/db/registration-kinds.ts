/**
 * Which registration form a product opens (decision 0027): stored on the product
 * (products.registration_kind), chosen by staff, never read from its name.
 * A plain module, so the schema and the browser's shop share one list.
 */
export const REGISTRATION_KINDS = [
  "tournamentEntry",
  "judgeFee",
  "ylmcStudentEntry",
  "ylmunEntry",
  "ylmcSchoolRegistration",
] as const;

export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** What products.registration_kind holds: a form, or none for a plain product. */
export const PRODUCT_REGISTRATION_KINDS = ["none", ...REGISTRATION_KINDS] as const;

export type ProductRegistrationKind = (typeof PRODUCT_REGISTRATION_KINDS)[number];
