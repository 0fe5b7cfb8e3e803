import { sql } from "drizzle-orm";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { Database } from "~/db/client.server";
import { periodicWorker } from "~/db/periodic-worker.server";
import { entryChangeDigests } from "~/db/schema";
import { addDays, todayInNewYork } from "~/features/events/dates";
import { queueEmail } from "~/features/email/outbox.server";
import { renderEmail } from "~/features/email/templates";

type DigestRow = {
  tournament: string | null;
  student: string | null;
  event: string | null;
  actor_label: string;
  summary: string;
  status: string;
};

const STATUS_NOTE: Record<string, string> = {
  pending: " (waiting for approval)",
  declined: " (declined)",
  applied: "",
};

/**
 * The daily digest of entry changes (decision 0047): once per district day, the changes made the day before (by
 * families' links and by staff) go to the staff inbox in one email. Exactly once across instances: the day's row in
 * entry_change_digests is claimed in the transaction that queues the email, so a second instance (or a second run)
 * finds it taken. A day without changes sends nothing. `now` is the clock, so tests can play any day.
 */
export async function runEntryChangeDigest(
  db: Database,
  now = new Date(),
): Promise<{ day: string; sent: boolean; changes: number }> {
  const day = addDays(todayInNewYork(now), -1);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(entryChangeDigests)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: entryChangeDigests.day });
    if (!claimed) return { day, sent: false, changes: 0 };
    const result = await tx.execute(sql`
      select o.tournament_name as tournament, o.student_name as student, o.event_type as event,
             c.actor_label, c.summary, c.status
        from entry_changes c join orders o on o.id = c.order_id
       where (c.created_at at time zone 'America/New_York')::date = ${day}::date
       order by o.tournament_name, c.created_at`);
    const rows = (result as unknown as { rows: DigestRow[] }).rows;
    if (rows.length === 0) return { day, sent: false, changes: 0 };
    const pending = rows.filter((row) => row.status === "pending").length;
    const { html, text } = renderEmail({
      title: `Entry changes on ${day}`,
      intro: [
        `${rows.length} ${rows.length === 1 ? "change was" : "changes were"} made to tournament entries on ${day}${pending > 0 ? `; ${pending} still ${pending === 1 ? "waits" : "wait"} for approval on the tournament's page` : ""}.`,
      ],
      fields: rows.map((row) => ({
        label: `${row.tournament ?? "Tournament"}: ${row.student ?? "entry"} (${row.event ?? ""})`,
        value: `${row.summary}${STATUS_NOTE[row.status] ?? ""} By ${row.actor_label}.`,
      })),
      footer: "Sent once a day by the website. Each entry's history is on its tournament's roster.",
    });
    await queueEmail(tx, { to: env().CONTACT_NOTIFY_EMAILS, subject: `Entry changes on ${day}`, html, text });
    return { day, sent: true, changes: rows.length };
  });
}

/** The worker: hourly, so the day's first hour (district time) sends yesterday's digest, once. */
export const entryChangeDigestWorker = periodicWorker({
  name: "entry changes digest",
  everyMs: 60 * 60_000,
  async run(handle) {
    const run = await runEntryChangeDigest(handle.db);
    if (run.sent) logger.info(run, "entry changes digest queued");
  },
});
