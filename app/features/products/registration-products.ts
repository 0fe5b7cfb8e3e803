import {
  PRODUCT_REGISTRATION_KINDS,
  REGISTRATION_KINDS,
  type ProductRegistrationKind,
  type RegistrationKind,
} from "~/db/registration-kinds";

export { PRODUCT_REGISTRATION_KINDS, REGISTRATION_KINDS, type ProductRegistrationKind, type RegistrationKind };

/**
 * The fee products whose Add to Cart opens a registration dialog (docs/product.md
 * section 4). Which dialog is stored on the product (products.registration_kind,
 * chosen in Manage Products); these names are only the demo seed's defaults,
 * so renaming a product never changes what it asks for (decision 0027).
 */
export function defaultRegistrationProductNames(shortName: string): Record<RegistrationKind, string> {
  return {
    tournamentEntry: `${shortName} Tournament Entry Fee`,
    judgeFee: "Judge Fee",
    ylmcStudentEntry: "YLMC Student Entry Fee",
    ylmunEntry: "YLMUN Entry Fee",
    ylmcSchoolRegistration: "YLMC School Registration Fee",
  };
}

/** Manage Products' names for the kinds (its select and its table). */
export const registrationKindLabels: Record<ProductRegistrationKind, string> = {
  none: "None",
  tournamentEntry: "Tournament entry",
  judgeFee: "Judge",
  ylmcStudentEntry: "YLMC student",
  ylmunEntry: "YLMUN",
  ylmcSchoolRegistration: "YLMC school",
};

/** Which registration dialog a product opens, if any: its stored kind. */
export function registrationKindOf(product: { registrationKind: string | null | undefined }): RegistrationKind | null {
  const kind = product.registrationKind;
  return kind && (REGISTRATION_KINDS as readonly string[]).includes(kind) ? (kind as RegistrationKind) : null;
}

/** A posted kind, checked against the list (anything else is refused by the caller). */
export function parseProductRegistrationKind(value: string | null | undefined): ProductRegistrationKind | null {
  const kind = (value ?? "none").trim() || "none";
  return (PRODUCT_REGISTRATION_KINDS as readonly string[]).includes(kind) ? (kind as ProductRegistrationKind) : null;
}
