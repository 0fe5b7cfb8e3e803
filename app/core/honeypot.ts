/**
 * The honeypot of the public forms (contact, donation): a text field people never see (app/ui/honeypot-field.tsx)
 * that bots filling every input fill. Its name, and the one server check.
 */
export const HONEYPOT_FIELD = "website";

/** True when a bot filled the field people never see. */
export function caughtByHoneypot(formData: FormData): boolean {
  const trap = formData.get(HONEYPOT_FIELD);
  return trap !== null && trap !== "";
}
