import { UrlDialog } from "~/ui/url-dialog";
import { CONTACT_PARAM } from "./contact-rules";
import { ContactForm } from "./contact-form";

/**
 * The contact form in a dialog (?contact=1, decision 0032), loaded once the parameter is set. It closes itself
 * once the message is sent; Cancel closes it untouched. Without JavaScript the page has no section of its own:
 * the Get Involved links lead to /contact.
 */
export default function ContactDialog() {
  return (
    <UrlDialog
      param={CONTACT_PARAM}
      section="none"
      className="max-w-2xl"
      title="Get in Touch"
      description="Tell us who you are and how you would like to take part. We typically reply within 24-48 hours."
    >
      {({ close, cancel }) => <ContactForm onSent={close} cancel={cancel} />}
    </UrlDialog>
  );
}
