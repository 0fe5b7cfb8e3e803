import type { Database } from "~/db/client.server";
import { contactUs } from "~/db/schema/contact";
import { queueEmail } from "~/features/email/outbox.server";
import { contactNotification } from "./notification";
import type { ContactMessage } from "./schema";

/**
 * Saves a contact message and queues the staff notification in ONE
 * transaction: a saved message always has its email on the way, and a
 * message that could not be saved sends nothing.
 */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
  notify: { to: string[]; siteName: string; dashboardUrl?: string },
): Promise<{ id: string; emailId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactUs)
      .values({
        name: message.name,
        school: message.school,
        email: message.email,
        phone: message.phone,
        inquiryPurpose: message.inquiryPurpose,
        comment: message.comment,
      })
      .returning({ id: contactUs.id, createdAt: contactUs.createdAt });
    const email = await queueEmail(tx, contactNotification(message, { ...notify, submittedAt: row!.createdAt }));
    return { id: row!.id, emailId: email.id };
  });
}
