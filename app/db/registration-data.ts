/**
 * The RegistrationData of docs/product.md#3-entities-and-their-fields: what a registration dialog collects
 * for one cart line (and what a donation records). Every field is optional
 * here; each dialog's Zod schema says which it requires.
 */
export type RegistrationData = {
  /** A tournament entry's student as one name: its first and last name joined (decision 0046). */
  studentName?: string;
  /** A tournament entry's student's first and last name as typed (decision 0046), as Tabroom's file carries them. */
  studentFirst?: string;
  studentLast?: string;
  /** An entry made before the name was asked in parts, whose split staff have not confirmed yet (decision 0046). */
  nameUnsure?: boolean;
  /** Asked only when the tournament asks (decision 0046): the students' novice marks and own emails. */
  studentNovice?: boolean;
  partnerNovice?: boolean;
  studentEmail?: string;
  partnerEmail?: string;
  studentSchool?: string;
  /** The schedule event's id (sheet-event-N or a sample id). */
  scheduleEvent?: string;
  /** One of the tournament events list (Lincoln-Douglas (LD), ...). */
  competitionEvent?: string;
  schoolName?: string;
  schoolContact?: string;
  facultyAdvisor?: string;
  event?: string;
  /** The schedule event's title and date, copied when the line is added. */
  tournament?: string;
  tournamentDate?: string;
  /** The tournament's identity (app/db/tournament-key.ts), set by the server with the title and date. */
  tournamentKey?: string;
  /** A member school's code (app/features/tournaments/schools.ts); absent for a school typed under "Other". */
  schoolCode?: string;
  /** A team event's partner (decision 0040): first and last name apart, for the roster. */
  partnerFirst?: string;
  partnerLast?: string;
  partnerSchool?: string;
  partnerSchoolCode?: string;
  // Donations
  firstName?: string;
  lastName?: string;
  memorialType?: "none" | "memory" | "honor";
  memorialDetails?: string;
};
