import { orders, type NewOrder } from "~/db/schema";
import { tournamentKey } from "~/db/tournament-key";
import type { Seeder } from "~/db/seeder";

/*
 * Demo orders and donations, so a fresh `npm start` shows
 * populated dashboards. Every person, school and address is fictional
 * (students are minors); dates are relative to the day the demo is seeded.
 */

const DAY = 86_400_000;

/** A small seeded generator: the same demo on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const students = [
  ["Maya Goldberg", "Riverside Hebrew Academy"],
  ["Eli Rosen", "Riverside Hebrew Academy"],
  ["Noa Feldman", "Harborview Yeshiva High School"],
  ["Ari Weiss", "Harborview Yeshiva High School"],
  ["Talia Klein", "Cedar Grove Day School"],
  ["Jonah Berman", "Cedar Grove Day School"],
  ["Shira Katz", "Lakeshore Torah Academy"],
  ["Avi Stern", "Lakeshore Torah Academy"],
  ["Leah Friedman", "Maple Ridge Hebrew High"],
  ["Daniel Cohen", "Maple Ridge Hebrew High"],
  ["Rivka Shapiro", "Summit Valley Yeshiva"],
  ["Benjamin Gold", "Summit Valley Yeshiva"],
  ["Hannah Levi", "Pinecrest Jewish Academy"],
  ["Micah Adler", "Pinecrest Jewish Academy"],
  ["Yael Mandel", "Oak Hollow Day School"],
  ["Samuel Perlman", "Oak Hollow Day School"],
  ["Esther Blum", "Bayside Hebrew Academy"],
  ["Gabriel Kaplan", "Bayside Hebrew Academy"],
] as const;

const events = [
  "Lincoln-Douglas",
  "Public Forum",
  "Extemporaneous Debate",
  "Congressional Debate",
  "Extemporaneous Speaking",
  "Original Oratory",
  "Informative Speaking",
  "Humorous Interpretation",
  "Impromptu Speaking",
  "World Schools",
] as const;

const donors = [
  ["Ruth Adler", "ruth.adler@example.com"],
  ["David Levine", "dlevine@example.net"],
  ["Sarah Greenberg", "sarah.greenberg@example.com"],
  ["Michael Horowitz", "m.horowitz@example.org"],
  ["Deborah Schwartz", "deborah.s@example.com"],
  ["Jacob Rubin", "jrubin@example.net"],
  ["Naomi Fischer", "naomi.fischer@example.com"],
  ["Aaron Wolf", "aaron.wolf@example.org"],
  ["Miriam Silver", "miriam.silver@example.com"],
  ["Joseph Brenner", "jbrenner@example.net"],
] as const;

const donationAmounts = [1800, 2500, 3600, 5000, 5400, 10_000, 18_000, 25_000] as const;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function demoOrders(now = new Date()): NewOrder[] {
  const rand = random(2022);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - Math.floor(rand() * 10) * 3_600_000);
  const tournaments = [
    { name: "Citron Fall Invitational", date: isoDay(now.getTime() - 40 * DAY), opensDaysAgo: 80 },
    { name: "Citron Winter Classic", date: isoDay(now.getTime() + 20 * DAY), opensDaysAgo: 35 },
    { name: "Citron Nationals Qualifier", date: isoDay(now.getTime() + 62 * DAY), opensDaysAgo: 18 },
  ];
  const rows: NewOrder[] = [];
  const emailOf = (student: string) => `${student.toLowerCase().replace(/\s+/g, ".")}.family@example.com`;
  const entry = (
    student: (typeof students)[number],
    tournament: (typeof tournaments)[number],
    event: string,
    daysAgo: number,
    status: NewOrder["status"],
  ) =>
    rows.push({
      createdAt: at(daysAgo),
      itemName: "Citron Tournament Entry Fee",
      itemDescription: `${tournament.name}: ${event}`,
      itemQuantity: 1,
      studentName: student[0],
      studentSchool: student[1],
      tournamentName: tournament.name,
      tournamentDate: tournament.date,
      eventType: event,
      totalAmount: 2500,
      customerEmail: emailOf(student[0]),
      status,
    });

  // Tournament entries: most paid, a few still pending or declined.
  for (const tournament of tournaments) {
    for (const student of students) {
      if (rand() < 0.2) continue;
      const roll = rand();
      const status = roll < 0.84 ? "completed" : roll < 0.93 ? "pending" : "failed";
      entry(student, tournament, pick(events), Math.max(1, Math.floor(rand() * tournament.opensDaysAgo)), status);
    }
  }
  // The first student is always entered, so the demo (and its browser tests) can find her.
  entry(students[0], tournaments[1]!, "Lincoln-Douglas", 3, "completed");
  // Two entries of the past tournament made when the student's name was one field, keyed to it (decision 0046): its
  // roster (under Tournaments, "Past") marks each name for staff to confirm its first and last name.
  const fall = tournaments[0]!;
  for (const [name, school] of [
    ["Rivka Bat Sheva Stein", "Summit Valley Yeshiva"],
    ["Noam Ben David", "Bayside Hebrew Academy"],
  ] as const) {
    rows.push({
      createdAt: new Date(now.getTime() - 50 * DAY),
      itemName: "Citron Tournament Entry Fee",
      itemDescription: `${fall.name}: Original Oratory`,
      itemQuantity: 1,
      studentName: name,
      studentSchool: school,
      tournamentName: fall.name,
      tournamentDate: fall.date,
      tournamentKey: tournamentKey(fall.name, fall.date),
      eventType: "Original Oratory",
      totalAmount: 2500,
      customerEmail: emailOf(name),
      status: "completed",
    });
  }

  // Judge fees paid by schools.
  for (const school of new Set(students.map(([, school]) => school))) {
    if (rand() < 0.4) continue;
    const tournament = pick(tournaments);
    rows.push({
      createdAt: at(Math.floor(rand() * 30) + 1),
      itemName: "Judge Fee",
      itemDescription: `Hired judge for ${tournament.name}`,
      itemQuantity: 1,
      studentSchool: school,
      tournamentName: tournament.name,
      tournamentDate: tournament.date,
      totalAmount: 4000,
      customerEmail: `debate@${school.toLowerCase().replace(/[^a-z]+/g, "")}.example.org`,
      status: "completed",
    });
  }

  // District apparel.
  for (let i = 0; i < 8; i++) {
    const [name] = pick(students);
    const quantity = 1 + Math.floor(rand() * 2);
    const polo = rand() < 0.6;
    rows.push({
      createdAt: at(Math.floor(rand() * 150) + 1),
      itemName: polo ? "District Polo Shirt" : "Citron Lanyard",
      itemDescription: polo ? "Navy polo with the district emblem" : "Badge lanyard for tournament days",
      itemQuantity: quantity,
      totalAmount: (polo ? 3200 : 800) * quantity,
      customerEmail: emailOf(name),
      status: rand() < 0.85 ? "completed" : "pending",
    });
  }

  // Donations across the last year, a few in memory or in honor of someone.
  const memorials = [
    "memory:Rabbi Samuel Katz",
    "honor:Coach Miriam Levine",
    "memory:Leon and Frieda Adler",
    "honor:the 2025 nationals team",
  ];
  for (let i = 0; i < 34; i++) {
    const [donor, email] = pick(donors);
    const memorial = i < memorials.length ? memorials[i] : rand() < 0.1 ? pick(memorials) : null;
    rows.push({
      createdAt: at(Math.floor(rand() * 330) + 1),
      itemName: "Donation",
      itemDescription: memorial
        ? `Donation ${memorial.startsWith("memory:") ? "in memory of" : "in honor of"} ${memorial.slice(memorial.indexOf(":") + 1)}`
        : "Tax-deductible donation to the Citron Online District",
      itemQuantity: 1,
      studentName: donor,
      eventType: memorial,
      totalAmount: pick(donationAmounts),
      customerEmail: email,
      status: i % 11 === 10 ? "failed" : "completed",
    });
  }
  return rows;
}

export const ordersSeeder: Seeder = {
  name: "orders and donations",
  async run(db) {
    await db.insert(orders).values(demoOrders());
  },
};
