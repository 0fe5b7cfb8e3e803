import { contactUs } from "~/db/schema";
import type { Seeder } from "~/db/seeder";

/*
 * Demo contact messages, so a fresh `npm start` shows a populated View
 * Contacts page. Every person and address is fictional.
 */
export function demoContactMessages(now = new Date()): (typeof contactUs.$inferInsert)[] {
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  return [
    {
      // A long, real-world sender name (the form allows 100 characters): the list and the details panel must fit
      // it on a 390 px phone (tests/e2e/dashboards.spec.ts).
      name: "Dr. Elisheva Rosenberg-Katzenellenbogen, Director of Forensics",
      school: "Kinneret Hills Academy for Science and the Humanities",
      email: "e.rosenberg-katzenellenbogen@kinneret-hills-academy.example.org",
      phone: "(718) 555-0163",
      inquiryPurpose: "participate-tournaments",
      comment:
        "Our forensics program would like to enter four Lincoln-Douglas debaters in the spring qualifier. Could you confirm the registration deadline?",
      createdAt: ago(3),
    },
    {
      name: "Rachel Abramson",
      school: "Harborview Yeshiva High School",
      email: "r.abramson@example.org",
      phone: "(212) 555-0147",
      inquiryPurpose: "join-district",
      comment:
        "Our debate club has twelve students who cannot compete on Saturdays. How does a school join the district, and is there a fee for the first season?",
      createdAt: ago(5),
    },
    {
      name: "Jonathan Meyers",
      school: null,
      email: "jon.meyers@example.com",
      phone: "+1 973 555 0182",
      inquiryPurpose: "judge-tournaments",
      comment:
        "I debated in college and would like to judge Public Forum at the Winter Classic. Is there a training session for new judges?",
      createdAt: ago(30),
    },
    {
      name: "Dana Whitfield",
      school: "Cedar Grove Day School",
      email: "dwhitfield@example.org",
      phone: null,
      inquiryPurpose: "participate-tournaments",
      comment:
        "May students bring printed <notes> into extemp prep, or only the provided sources? Our coach & students would like to know before Sunday.",
      createdAt: ago(52),
    },
    {
      name: "Marcus Lee",
      school: null,
      email: "marcus.lee@example.net",
      phone: "(646) 555-0119",
      inquiryPurpose: "public-relations",
      comment:
        "I write for a local education newsletter and would like to interview a coach about online tournaments for observant students.",
      createdAt: ago(120),
      handledAt: ago(100),
      handledBy: "director@example.org",
    },
  ];
}

export const contactMessagesSeeder: Seeder = {
  name: "contact messages",
  async run(db) {
    await db.insert(contactUs).values(demoContactMessages());
  },
};
