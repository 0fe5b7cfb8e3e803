/** The limits of a message to registrants (the form's and the server's). */
export const MESSAGE_LIMITS = { subject: 150, body: 5000 } as const;
