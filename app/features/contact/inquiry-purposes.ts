/*
 * The one list of inquiry purposes: stored values and the labels people see,
 * on the contact form, in the staff's View Contacts page and in the
 * notification email.
 */

/** docs/product.md#3-entities-and-their-fields: the inquiry purposes, in the order the form lists them. */
export const inquiryPurposes = [
  { value: "join-district", label: "Join Online District" },
  { value: "participate-tournaments", label: "Participate in Tournaments" },
  { value: "judge-tournaments", label: "Judge Tournaments" },
  { value: "public-relations", label: "Public Relations / Media" },
  { value: "other", label: "Other" },
] as const;

export type InquiryPurpose = (typeof inquiryPurposes)[number]["value"];

export function inquiryPurposeLabel(value: string): string {
  return inquiryPurposes.find((purpose) => purpose.value === value)?.label ?? value;
}
