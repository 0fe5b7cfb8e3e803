import type { DatabaseHandle } from "~/db/client.server";
import { authCleanupWorker } from "~/features/accounts/cleanup.server";
import { checkoutSweepWorker } from "~/features/payments/checkout/sweep.server";
import { imageSweepWorker } from "~/features/products/images/image-sweep.server";
import { cartSweepWorker } from "~/features/shop/cart/cart-sweep.server";
import { outboxWorker } from "~/features/email/outbox-worker.server";
import { eventsWarmupWorker } from "~/features/events/events.server";
import { embeddedUpkeepWorker } from "~/db/maintenance.server";
import { givingSummaryWorker } from "~/features/donations/year-summary/job.server";
import { siteContentWorker } from "~/features/site-editor/versions.server";
import { dropRefundWorker } from "~/features/entry-changes/drops/refund-retry.server";
import { entryChangeDigestWorker } from "~/features/entry-changes/digest.server";

/**
 * Work the server process does in the background (the email outbox, cache
 * refreshes). Each worker returns a function that stops it; shutdown awaits it.
 */
export type BackgroundWorker = {
  name: string;
  start(handle: DatabaseHandle): () => Promise<void>;
  /** Runs in every server process of a cluster (it fills this process's memory), not only in one (decision 0031). */
  everyProcess?: boolean;
};

export const backgroundWorkers: BackgroundWorker[] = [
  outboxWorker,
  { ...eventsWarmupWorker, everyProcess: true },
  // What staff published (decision 0039): each process keeps it in memory and follows every publish.
  { ...siteContentWorker, everyProcess: true },
  authCleanupWorker,
  checkoutSweepWorker,
  cartSweepWorker,
  imageSweepWorker,
  embeddedUpkeepWorker,
  givingSummaryWorker,
  // Family drops' refunds whose answer from Stripe was lost (decision 0048).
  dropRefundWorker,
  entryChangeDigestWorker,
];
