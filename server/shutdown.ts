import type { Server } from "node:http";
import { closeAllStreams } from "~/core/sse.server";
import { logger } from "~/core/logger.server";
import { closeDatabase } from "~/db/database.server";
import { closePubSub } from "~/db/pubsub.server";

// The graceful stop (decision 0029): on SIGTERM or SIGINT, stop accepting, let the requests in flight finish, stop
// the background workers, then release the database.

const inFlight: { count: number; drained?: () => void } = { count: 0 };

/**
 * Runs one request's handling as in flight: a client may hang up while its page is still being made, and the stop
 * waits for that work too before it closes the database.
 */
export async function whileInFlight(handle: () => Promise<void>): Promise<void> {
  inFlight.count += 1;
  try {
    await handle();
  } finally {
    inFlight.count -= 1;
    if (inFlight.count === 0) inFlight.drained?.();
  }
}

function requestsDrained(): Promise<void> {
  if (inFlight.count === 0) return Promise.resolve();
  return new Promise((resolve) => {
    inFlight.drained = resolve;
  });
}

/** Stops the server on SIGTERM or SIGINT, once: the requests in flight first, then `stops` (the workers), then the database. */
export function stopOnSignals(server: Server, stops: Array<() => Promise<void>>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took over 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting, let requests in flight finish, then release the database.
    // Live streams never end by themselves: end them so the drain can finish.
    closeAllStreams();
    // A keep-alive connection may still bring a request: answer it with "Connection: close", and close
    // each connection as soon as it is idle, so the drain never waits for a keep-alive timeout.
    server.on("request", (_req, res: { setHeader(name: string, value: string): void }) =>
      res.setHeader("Connection", "close"),
    );
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(idle);
    await requestsDrained();
    await closePubSub();
    await Promise.allSettled(stops.map((stop) => stop()));
    await closeDatabase();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
