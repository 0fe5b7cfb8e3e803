/**
 * schema.org markup for the home page: the district as a non-governmental
 * organization with its 501(c)(3) status, so search engines can show it as one.
 */
export function organizationJsonLd(site: {
  name: string;
  publicUrl: string;
  contactEmail: string;
  socialUrl: string;
  taxId: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: site.name,
    url: `${site.publicUrl}/`,
    logo: `${site.publicUrl}/favicon.svg`,
    image: `${site.publicUrl}/og-image.png`,
    description:
      "An online speech, debate and model congress district of the National Speech & Debate Association for high school students who cannot compete on Friday or Saturday.",
    foundingDate: "2022",
    nonprofitStatus: "Nonprofit501c3",
    taxID: site.taxId,
    email: site.contactEmail,
    areaServed: { "@type": "Country", name: "United States" },
    sameAs: [site.socialUrl],
    memberOf: { "@type": "Organization", name: "National Speech & Debate Association" },
  };
}
