import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import type { Actor } from "~/core/actor";
import { auditedChange } from "~/features/accounts/audit.server";
import { DEFAULT_FISCAL_START_MONTH } from "./period";

/** Where the site keeps its settings of one value (app_meta, like the seed's date). */
const KEY = "finance.fiscal_year_start_month";

/** The month (1-12) the district's fiscal year starts in; July when never set. */
export async function fiscalStartMonth(db: Database): Promise<number> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  const month = Number(row?.value);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : DEFAULT_FISCAL_START_MONTH;
}

/** Saves it, with its audit entry (`finance.settings`); saving the month already set changes nothing. */
export async function saveFiscalStartMonth(db: Database, actor: Actor, month: number): Promise<boolean> {
  const before = await fiscalStartMonth(db);
  const changed = await auditedChange(
    db,
    actor,
    async (tx) => {
      if (before === month) return null;
      await tx
        .insert(appMeta)
        .values({ key: KEY, value: String(month) })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: String(month), updatedAt: new Date() } });
      return { from: before, to: month };
    },
    (change) => ({ action: "finance.settings", details: { fiscalYearStartMonth: change } }),
  );
  return changed !== null;
}
