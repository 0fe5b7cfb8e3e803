/**
 * Server-Sent Events responses. Each open stream sends a comment every 25 s
 * (proxies and load balancers close idle connections), tells nginx-like
 * proxies not to buffer (`X-Accel-Buffering: no`), and ends when the client
 * goes away (request.signal) or the server shuts down (`closeAllStreams`).
 * server/app.ts keeps the compression middleware away from text/event-stream.
 *
 * A stream whose client does not read is dropped once more than
 * `maxBufferedBytes` wait for it (the server then stops holding them), and
 * every stream ends after `maxLifetimeMs` (give or take a tenth, so a crowd's
 * reconnects spread out): the browser's EventSource reconnects by itself.
 */
export const HEARTBEAT_MS = 25_000;
/** What may wait unread for one client before its stream is dropped (a few dozen product messages). */
export const MAX_BUFFERED_BYTES = 64 * 1024;

export type SseSink = {
  send(event: string, data: unknown): void;
  close(): void;
  readonly closed: boolean;
};

const openStreams = new Set<SseSink>();

export function openStreamCount(): number {
  return openStreams.size;
}

/** Ends every open stream, so shutdown does not wait for them. */
export function closeAllStreams(): void {
  // Deleting the current entry while iterating a Set is safe.
  for (const stream of openStreams) stream.close();
}

/**
 * A streaming Response. `start` is called with the sink once the stream is
 * open and may return a cleanup function, run once when the stream ends.
 */
export function eventStream(
  request: Request,
  start: (sink: SseSink) => (() => void) | Promise<() => void>,
  options: { heartbeatMs?: number; maxBufferedBytes?: number; maxLifetimeMs?: number } = {},
): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;
  let sink: SseSink;
  let end: (fellBehind: boolean) => void;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const stream = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        let closed = false;
        const write = (text: string) => {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            sink.close();
            return;
          }
          // The queue only grows while the client does not read (the socket waits for drain).
          if ((controller.desiredSize ?? 0) < 0) end(true);
        };
        end = (fellBehind) => {
          if (closed) return;
          closed = true;
          openStreams.delete(sink);
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          request.signal.removeEventListener("abort", onAbort);
          try {
            cleanup?.();
          } finally {
            try {
              // A stream that fell behind is errored: its queue is dropped and the connection closed.
              if (fellBehind) controller.error(new Error("event stream client fell behind"));
              else controller.close();
            } catch {
              // Already closed by the client.
            }
          }
        };
        sink = {
          get closed() {
            return closed;
          },
          send(event, data) {
            write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          },
          close() {
            end(false);
          },
        };
        const onAbort = () => sink.close();
        openStreams.add(sink);
        request.signal.addEventListener("abort", onAbort);
        // Tell EventSource how long to wait before reconnecting, and open the stream at once.
        write("retry: 3000\n\n");
        heartbeat = setInterval(() => write(": heartbeat\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
        heartbeat.unref();
        if (options.maxLifetimeMs) {
          lifetime = setTimeout(() => sink.close(), options.maxLifetimeMs * (0.9 + Math.random() * 0.2));
          lifetime.unref();
        }
        const done = await start(sink);
        if (closed) done();
        else cleanup = done;
        if (request.signal.aborted) sink.close();
      },
      cancel() {
        sink?.close();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxBuffered }),
  );
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
