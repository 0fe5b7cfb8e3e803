import type { ProviderSessionState } from "../provider";

/**
 * A provider session's state, reused for a few seconds (decision 0028). Every
 * view of /payment-success for an open checkout asks the provider; a visitor
 * reloading it (or a script) would otherwise spend one Stripe API request per
 * view. Concurrent asks for one session share one request. A few seconds
 * stale is harmless: the result page polls, and the webhook carries its own
 * state. Per process and bounded; expiring a session forgets it at once.
 */
export const SESSION_STATE_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

type Entry = { at: number; state: Promise<ProviderSessionState> };
const entries = new Map<string, Entry>();

export async function cachedSessionState(
  sessionId: string,
  retrieve: () => Promise<ProviderSessionState>,
  now = Date.now(),
): Promise<ProviderSessionState> {
  const hit = entries.get(sessionId);
  if (hit && now - hit.at < SESSION_STATE_TTL_MS) return hit.state;
  if (entries.size >= MAX_ENTRIES) {
    for (const [key, entry] of entries) if (now - entry.at >= SESSION_STATE_TTL_MS) entries.delete(key);
    // Still full of fresh entries: drop the oldest (Map keeps insertion order).
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const state = retrieve();
  entries.delete(sessionId);
  entries.set(sessionId, { at: now, state });
  // A failed ask is not remembered: the next view asks again.
  state.catch(() => {
    if (entries.get(sessionId)?.state === state) entries.delete(sessionId);
  });
  return state;
}

export function forgetSessionState(sessionId: string): void {
  entries.delete(sessionId);
}

/** For tests. */
export function clearSessionStateCache(): void {
  entries.clear();
}
