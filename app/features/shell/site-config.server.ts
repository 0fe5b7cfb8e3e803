import { env } from "~/core/env.server";

/** The part of the configuration pages may show. Nothing secret goes here. */
export function publicSiteConfig() {
  const config = env();
  return {
    name: config.SITE_NAME,
    shortName: config.SITE_SHORT_NAME,
    taxId: config.TAX_ID,
    prEmail: config.PR_EMAIL,
    contactEmail: config.CONTACT_EMAIL,
    socialUrl: config.SOCIAL_URL,
    meetingUrl: config.MEETING_URL,
    publicUrl: config.PUBLIC_URL,
  };
}

export type SiteConfig = ReturnType<typeof publicSiteConfig>;
