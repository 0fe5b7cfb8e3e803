import type { PubSub } from "~/db/pubsub.server";

/**
 * Listens on `channel` of a change channel's bus (resolved once its LISTEN is in place), and gives its next
 * notification, or fails after `timeoutMs`: a test waits for the notification, never for a time.
 */
export async function nextMessage(
  bus: PubSub,
  channel: string,
  timeoutMs = 3000,
): Promise<{ message: Promise<unknown> }> {
  let heard: (payload: unknown) => void = () => {};
  let timer: NodeJS.Timeout | undefined;
  const message = new Promise<unknown>((resolve, reject) => {
    heard = resolve;
    timer = setTimeout(() => reject(new Error("no notification")), timeoutMs);
  });
  await bus.subscribe(channel, (payload) => {
    clearTimeout(timer);
    heard(payload);
  });
  return { message };
}
