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
