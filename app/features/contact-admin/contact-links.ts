/** Reply opens the visitor's mail program with the address and a subject filled in. */
export function replyHref(email: string, siteName: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: your message to the ${siteName}`)}`;
}

/** Call dials the number as typed, keeping only what a dialer understands. */
export function callHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+*#,;]/g, "");
  return digits.replace(/\D/g, "").length >= 3 ? `tel:${digits}` : null;
}

const purposes: Record<string, string> = {
  "join-district": "Join Online District",
  "participate-tournaments": "Participate in Tournaments",
  "judge-tournaments": "Judge Tournaments",
  "public-relations": "Public Relations",
  other: "Other",
};

/** The inquiry purpose as the form showed it; unknown values are shown as stored. */
export function inquiryPurposeLabel(value: string): string {
  return purposes[value] ?? value;
}
