import { DISTRICT_TIME_ZONE } from "~/core/time-zone";
import type { EmailMessage } from "~/features/email/message";
import { renderEmail, singleLine } from "~/features/email/templates";
import { inquiryPurposeLabel } from "./inquiry-purposes";
import type { ContactMessage } from "./schema";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: DISTRICT_TIME_ZONE,
  timeZoneName: "short",
});

/**
 * The staff notification for one contact message: every field, and a
 * Reply-To of the sender so staff answer with their mail program's Reply.
 */
export function contactNotification(
  message: ContactMessage,
  options: { to: string[]; siteName: string; submittedAt: Date; dashboardUrl?: string },
): EmailMessage {
  const purpose = inquiryPurposeLabel(message.inquiryPurpose);
  const { html, text } = renderEmail({
    title: "New contact message",
    intro: [
      `${message.name} sent a message through the ${options.siteName} website. Reply to this email to answer them.`,
    ],
    fields: [
      { label: "Name", value: message.name },
      { label: "School", value: message.school },
      { label: "Email", value: message.email, href: `mailto:${message.email}` },
      {
        label: "Phone",
        value: message.phone,
        href: message.phone ? `tel:${message.phone.replace(/[^\d+]/g, "")}` : undefined,
      },
      { label: "Inquiry purpose", value: purpose },
      { label: "Submitted", value: dateFormat.format(options.submittedAt) },
    ],
    quote: { label: "Message", text: message.comment },
    footer: options.dashboardUrl
      ? `All messages: ${options.dashboardUrl}`
      : `Sent by the ${options.siteName} contact form.`,
  });
  return {
    to: options.to,
    subject: singleLine(`Contact: ${purpose} from ${message.name}`),
    text,
    html,
    replyTo: message.email,
  };
}
