/** The limits of a message to registrants (the form's and the server's). */
export const MESSAGE_LIMITS = {
  subject: 150,
  body: 5000,
  /** Messages sent to one tournament's registrants in an hour (a new form key must not mean a new flood). */
  perTournamentPerHour: 3,
} as const;
