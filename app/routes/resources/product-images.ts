import { getDb } from "~/db/context";
import { readImage } from "~/features/products/images/images.server";
import type { Route } from "./+types/product-images";

const KEY = /^[a-f0-9]{16,64}-\d{2,4}\.webp$/;

/** A stored product image. Its name is its content hash, so it is cached for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params.file;
  const row = KEY.test(key) ? await readImage(getDb(context), key) : null;
  if (!row) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(Buffer.from(row.bytes), {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(row.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
