import { env } from "./env.server";

/** The caps on one kind of live feed (decision 0028): per client address, per process, and each stream's life. */
export type FeedLimits = { perAddress: number; total: number; lifetimeMs: number };

export function feedLimits(config = env()): FeedLimits {
  return {
    perAddress: config.FEED_MAX_PER_ADDRESS,
    total: config.FEED_MAX_TOTAL,
    lifetimeMs: config.FEED_MAX_LIFETIME_MINUTES * 60_000,
  };
}

/**
 * Counts one kind of feed's streams in this process, per client address (its /64 for IPv6) and in all. A slot
 * is counted from the moment it is taken, so a burst of connects cannot pass the caps before their streams open;
 * `release` gives it back once, however often it is called.
 */
export function feedSlots() {
  const perAddress = new Map<string, number>();
  let counted = 0;
  return {
    take(clientAddress: string, limits: FeedLimits): { release: () => void } | "busy" | "address" {
      if (counted >= limits.total) return "busy";
      const mine = perAddress.get(clientAddress) ?? 0;
      if (mine >= limits.perAddress) return "address";
      perAddress.set(clientAddress, mine + 1);
      counted += 1;
      let held = true;
      return {
        release: () => {
          if (!held) return;
          held = false;
          counted -= 1;
          const left = (perAddress.get(clientAddress) ?? 1) - 1;
          if (left <= 0) perAddress.delete(clientAddress);
          else perAddress.set(clientAddress, left);
        },
      };
    },
    openFrom(clientAddress: string): number {
      return perAddress.get(clientAddress) ?? 0;
    },
  };
}

/** A feed refused: plain text, try again in 30 s, never cached. */
export function refuseFeed(status: 404 | 429 | 503, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30", "Cache-Control": "no-store" },
  });
}
