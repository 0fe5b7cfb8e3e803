import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { tournamentKeyDate } from "~/db/tournament-key";
import { entryChanges } from "~/db/schema";
import { formatLongDate } from "~/features/events/dates";
import { schoolJudgeFormPath } from "~/features/judges/school-pass.server";
import { partnerRule } from "~/features/tournaments/competition-events";
import { memberSchools } from "~/features/tournaments/schools.server";
import { offeredEvents, registrationToday, settingsByKey } from "~/features/tournaments/settings.server";
import { takenPlaces } from "~/features/tournaments/places.server";
import { monthDay, registrationWindow } from "~/features/tournaments/window";
import { describeRefundPolicy } from "~/features/tournaments/refund-policy";
import { refundPolicyOf } from "~/features/tournaments/refund-policy.server";
import { entryHistory } from "./changes.server";
import { holdsPlace, refundedInFull } from "~/features/tournaments/holds-place";
import type { EntryScope } from "./link.server";
import type { EntriesPageData, EntryView } from "./entries-data";
import { entryFields } from "./rules";

const atLabel = (at: Date) =>
  at.toLocaleString("en-US", {
    timeZone: "America/New_York",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** What the page of `scope` shows: every entry, what can still change and until when, pending changes, history. */
export async function entriesPageData(
  db: Database,
  scope: EntryScope,
  today: string = registrationToday(),
): Promise<EntriesPageData> {
  const keys = [...new Set(scope.orders.map((order) => order.tournamentKey!))];
  const settings = await settingsByKey(db, keys);
  const taken = await takenPlaces(db, keys);
  const orderIds = scope.orders.map((order) => order.id);
  const history = await entryHistory(db, orderIds);
  const pendingRows = await db
    .select({ orderId: entryChanges.orderId, summary: entryChanges.summary })
    .from(entryChanges)
    .where(and(inArray(entryChanges.orderId, orderIds), eq(entryChanges.status, "pending")));
  const entries = scope.orders.map((order): EntryView => {
    const key = order.tournamentKey!;
    const row = settings.get(key);
    const date = tournamentKeyDate(key);
    const window = registrationWindow(date, row, today);
    const fields = entryFields(order);
    const active = holdsPlace(order);
    const refunded = refundedInFull(order);
    const offered = offeredEvents(row).filter((event) => event !== fields.event);
    const caps = row?.caps ?? {};
    const isFull = (event: string) => caps[event] !== undefined && (taken.get(key)?.get(event) ?? 0) >= caps[event]!;
    const needsPartner = (event: string) => partnerRule(event) === "required" && !fields.partnerFirst;
    return {
      orderId: order.id,
      tournament: order.tournamentName ?? "",
      date: date ? formatLongDate(date) : (order.tournamentDate ?? ""),
      fields,
      code: order.entryCode,
      status: order.droppedAt ? "dropped" : refunded ? "refunded" : "entered",
      open: active && window.state !== "closed",
      closes: monthDay(window.closesOn),
      partner: partnerRule(fields.event),
      switchTo: offered.filter((event) => !isFull(event) && !needsPartner(event)),
      full: offered.filter(isFull),
      pending: pendingRows.filter((pending) => pending.orderId === order.id).map((pending) => pending.summary),
      history: history
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ by: line.by, summary: line.summary, status: line.status, at: atLabel(line.at) })),
      approval: row?.familyChanges === "approval",
      dropTerms: describeRefundPolicy(refundPolicyOf(row), window.closesOn, today),
      // The family's own link carries its school (decision 0049): a judge named through it counts for the school.
      judgeForm:
        active && fields.school && date >= today
          ? schoolJudgeFormPath(key, { school: fields.school, schoolCode: fields.schoolCode })
          : null,
    };
  });
  return {
    email: scope.email,
    entries,
    schools: memberSchools().map((school) => ({ code: school.code, name: school.name })),
  };
}
