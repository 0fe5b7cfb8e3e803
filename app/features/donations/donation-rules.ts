// The donation form's lists, limits and labels, without Zod: the form renders
// with them before its schema (./schema.ts) has loaded in the browser.

export const MEMORIAL_TYPES = ["none", "memory", "honor"] as const;
export type MemorialType = (typeof MEMORIAL_TYPES)[number];

/** docs/product.md's labels of the memorial details field. */
export const memorialLabels = { memory: "In memory of", honor: "In honor of" } as const;

export const donationLimits = { name: 100, email: 254, memorialDetails: 200 } as const;

export const MIN_DONATION_CENTS = 100;

export type DonationRules = { maxCents: number; contactEmail: string };
