// React Router's own copy of turbo-stream (vite.config.ts aliases it): the encoder that writes a page's loader
// data, used to write a cart visitor's /fees data exactly as React Router would (decision 0030).
declare module "react-router-turbo-stream" {
  export function encode(
    input: unknown,
    options?: {
      plugins?: ((value: unknown) => unknown)[];
      postPlugins?: ((value: unknown) => unknown)[];
      signal?: AbortSignal;
      onComplete?: () => void;
    },
  ): ReadableStream<Uint8Array>;
  export function decode(
    readable: ReadableStream<Uint8Array>,
    options?: { plugins?: unknown[] },
  ): Promise<{ value: unknown; done: Promise<unknown> }>;
}
