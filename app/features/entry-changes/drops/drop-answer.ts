/**
 * The quote a family confirms before a drop (decision 0048): the first Drop POST answers it on the entries page
 * (EntriesAnswer.drop) and drops nothing; Confirm drop posts its cents back.
 */
export type DropAnswer = { orderId: string; cents: number; sentence: string; student: string; event: string };
