/**
 * Who does something, or to whom it is done (decision 0050): a signed-in person (`SessionUser` is one as it is), a
 * command or Stripe with no account id, or a family through its private link (no id; the link's label as its
 * email). The one type the audit log, the entry history, drops and judges name a person by; it lives in the lowest
 * layer, as every feature that acts needs it.
 */
export type Actor = { id: string | null; email: string };
