/**
 * The fee products whose Add to Cart opens a registration dialog (SPEC.md
 * section 4), by their catalogue name. The seed creates them with these
 * names; the shop matches on them.
 */
export const REGISTRATION_PRODUCTS = {
  tournamentEntry: "Citron Tournament Entry Fee",
  judgeFee: "Judge Fee",
  ylmcStudentEntry: "YLMC Student Entry Fee",
  ylmunEntry: "YLMUN Entry Fee",
  ylmcSchoolRegistration: "YLMC School Registration Fee",
} as const;

export type RegistrationKind = keyof typeof REGISTRATION_PRODUCTS;

const byName = new Map<string, RegistrationKind>(
  Object.entries(REGISTRATION_PRODUCTS).map(([kind, name]) => [name.toLowerCase(), kind as RegistrationKind]),
);

/** Which registration dialog a product opens, if any. */
export function registrationKindOf(productName: string): RegistrationKind | null {
  return byName.get(productName.trim().toLowerCase()) ?? null;
}
