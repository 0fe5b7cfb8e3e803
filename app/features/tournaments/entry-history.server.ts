import type { Actor } from "~/core/actor";
import type { Transaction } from "~/db/client.server";
import { entryChanges, type EntryChangeActor, type EntryChangeStatus } from "~/db/schema";

/** Who made a change on an entry's history (decision 0047): a staff member by email, or the family's private link. */
export type EntryChangeBy = { kind: EntryChangeActor; label: string };

/** The label of a family's change on an entry's history. */
export const FAMILY_LINK_LABEL = "family link";

/** The history actor of a signed-in staff member. */
export const staffBy = (actor: Actor): EntryChangeBy => ({ kind: "staff", label: actor.email });

/** The audit log's actor of a family acting through its entries link: the link, and the checkout's email. */
export const familyLinkActor = (email: string): Actor => ({ id: null, email: `${FAMILY_LINK_LABEL}: ${email}` });

/**
 * Writes one line of an entry's history (decision 0047), inside the transaction that makes the change, so the entry
 * and its history never disagree. Staff edits on the roster (a drop, a name confirmed) and a family's changes through
 * its link (app/features/entry-changes) both write here.
 */
export async function recordEntryChange(
  tx: Transaction,
  entry: {
    orderId: string;
    tournamentKey: string;
    by: EntryChangeBy;
    kind: string;
    change: Record<string, unknown>;
    summary: string;
    status?: EntryChangeStatus;
  },
): Promise<string> {
  const [row] = await tx
    .insert(entryChanges)
    .values({
      orderId: entry.orderId,
      tournamentKey: entry.tournamentKey,
      actorKind: entry.by.kind,
      actorLabel: entry.by.label,
      kind: entry.kind,
      change: entry.change,
      summary: entry.summary,
      status: entry.status ?? "applied",
    })
    .returning({ id: entryChanges.id });
  return row!.id;
}
