// `npm run donation:renew -- <monthly gift id or manage token> [--declined]`
// The sandbox's next month for a monthly gift, as its manage page's test panel plays it: a paid renewal records
// the month's donation and queues its receipt; --declined plays a failed renewal (the donor is emailed a link to
// update the card). Sandbox only (no Stripe key configured). With the embedded database, run it while the server
// is stopped.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { monthlyGifts } from "~/db/schema";
import { giftByToken } from "~/features/donations/monthly/gifts.server";
import { playSandboxRenewal } from "~/features/donations/monthly/manage.server";
import { withCommandDatabase } from "./command-database";

const usage = "Usage: npm run donation:renew -- <monthly gift id or manage token> [--declined]";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { declined: { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [reference] = parsed.positionals;
  if (!reference || parsed.positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  return withCommandDatabase(async (db) => {
    const gift = UUID.test(reference)
      ? await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, reference) })
      : // Found by the token as the manage page finds it (only its hash is stored), however long ago it ended.
        await giftByToken(db, reference, new Date(0));
    if (!gift) {
      console.error(`No monthly gift ${reference}.`);
      return 1;
    }
    const result = await playSandboxRenewal(db, gift.id, { paid: !parsed.values.declined });
    console.warn(`Monthly gift ${gift.id}: ${result}.`);
    return result === "recorded" || result === "failed" || result === "skipped" ? 0 : 1;
  });
}

process.exitCode = await main();
