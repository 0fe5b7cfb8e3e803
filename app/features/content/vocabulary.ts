/**
 * The fixed vocabularies the content files draw from. Kept apart from the Zod
 * schemas so pages can use them without shipping Zod to the browser (Zod
 * probes for eval, which the Content-Security-Policy reports).
 */

/** US states by postal code; content names the code, pages show the name. */
export const usStates = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
} as const;
export type StateCode = keyof typeof usStates;

/**
 * Coach specialties: the guide slugs docs/product.md#2-screens-and-routes lists for the team
 * page's chips, plus Policy Debate, which the guide does not cover (no link).
 */
export const specialtyLabels = {
  "extemporaneous-speaking": "Extemporaneous Speaking",
  "extemp-debate": "Extemporaneous Debate",
  "impromptu-speaking": "Impromptu Speaking",
  "original-oratory": "Original Oratory",
  "informative-speaking": "Informative Speaking",
  "radio-speaking": "Radio Speaking",
  "world-schools": "World Schools Debate",
  "lincoln-douglas": "Lincoln-Douglas Debate",
  "congressional-debate": "Congressional Debate",
  "public-forum": "Public Forum Debate",
  "humorous-interpretation": "Humorous Interpretation",
  "dramatic-interpretation": "Dramatic Interpretation",
  "policy-debate": "Policy Debate",
} as const;
export type Specialty = keyof typeof specialtyLabels;

/** The events of the 2025 qualifiers, as docs/product.md names them. */
export const qualifierEvents = [
  "Public Forum",
  "Worlds Debate",
  "Worlds Team",
  "Original Oratory",
  "Humorous Interpretation",
  "Big Questions",
  "Informative Speaking",
  "Congressional Debate",
  "Prose",
  "Lincoln-Douglas",
  "U.S. Extemp",
] as const;

/** Icons a content file may name: a core value, a provision, a reason to write (lucide names, mapped in content-icon.tsx). */
export const missionIcons = [
  "users",
  "trophy",
  "compass",
  "heart-handshake",
  "lightbulb",
  "flag",
  "graduation-cap",
  "calendar-check",
  "route",
  "gavel",
  "info",
] as const;
