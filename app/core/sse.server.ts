/**
 * Server-Sent Events responses. Each open stream sends a comment every 25 s
 * (proxies and load balancers close idle connections), tells nginx-like
 * proxies not to buffer (`X-Accel-Buffering: no`), and ends when the client
 * goes away (request.signal) or the server shuts down (`closeAllStreams`).
 * server/app.ts keeps the compression middleware away from text/event-stream.
 */
export const HEARTBEAT_MS = 25_000;

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
  options: { heartbeatMs?: number } = {},
): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sink: SseSink;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          sink.close();
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
          if (closed) return;
          closed = true;
          openStreams.delete(sink);
          clearInterval(heartbeat);
          request.signal.removeEventListener("abort", onAbort);
          try {
            cleanup?.();
          } finally {
            try {
              controller.close();
            } catch {
              // Already closed by the client.
            }
          }
        },
      };
      const onAbort = () => sink.close();
      openStreams.add(sink);
      request.signal.addEventListener("abort", onAbort);
      // Tell EventSource how long to wait before reconnecting, and open the stream at once.
      write("retry: 3000\n\n");
      heartbeat = setInterval(() => write(": heartbeat\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
      const done = await start(sink);
      if (closed) done();
      else cleanup = done;
      if (request.signal.aborted) sink.close();
    },
    cancel() {
      sink?.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
