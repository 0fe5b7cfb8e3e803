import { env, type Env } from "~/core/env.server";
import type { CardFee } from "./amount";
import type { DonationRules } from "./schema";

export type DonationSettings = DonationRules & {
  fee: CardFee;
  siteName: string;
  legalName: string;
  taxId: string;
  publicUrl: string;
  rateLimit: { max: number; windowSeconds: number };
};

/** The donation rules and the receipt's identity, from the configuration. */
export function donationSettings(config: Env = env()): DonationSettings {
  return {
    maxCents: config.DONATION_MAX_DOLLARS * 100,
    contactEmail: config.CONTACT_EMAIL,
    // Basis points, so the fee arithmetic stays in whole numbers (2.9% is 290).
    fee: {
      percentBasisPoints: Math.round(config.DONATION_FEE_PERCENT * 100),
      fixedCents: config.DONATION_FEE_FIXED_CENTS,
    },
    siteName: config.SITE_NAME,
    legalName: config.LEGAL_NAME ?? config.SITE_NAME,
    taxId: config.TAX_ID,
    publicUrl: config.PUBLIC_URL,
    rateLimit: { max: config.DONATION_RATE_LIMIT_MAX, windowSeconds: config.DONATION_RATE_LIMIT_WINDOW_MINUTES * 60 },
  };
}
