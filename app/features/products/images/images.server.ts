import { createHash } from "node:crypto";
import { lookup } from "node:dns/promises";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { logger } from "~/core/logger.server";
import { MAX_IMAGE_BYTES } from "~/core/upload-limits";
import type { Database, Transaction } from "~/db/client.server";
import { productImages } from "~/db/schema";
import { productNotices, type ProductNotice } from "../manage/notices";
import { LARGEST_WIDTH, PRODUCT_IMAGE_WIDTHS, productImageUrl } from "./product-image";

/** A decompression bomb stops here (about 7000 x 7000). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const URL_FETCH_TIMEOUT_MS = 8000;

/** Only raster formats sharp reads safely; SVG (scripts) and everything else are refused. */
const ALLOWED = new Map<string, string[]>([
  ["image/jpeg", ["jpg", "jpeg", "jfif"]],
  ["image/png", ["png"]],
  ["image/gif", ["gif"]],
  ["image/webp", ["webp"]],
  ["image/avif", ["avif"]],
]);

export class ImageError extends Error {
  constructor(
    readonly notice: ProductNotice,
    logMessage: string,
  ) {
    super(logMessage);
  }
}

export type ProcessedImage = {
  hash: string;
  variants: { key: string; width: number; height: number; bytes: Uint8Array }[];
};

function extensionOf(fileName: string | undefined): string | null {
  const match = fileName ? /\.([a-z0-9]+)$/i.exec(fileName) : null;
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Checks an image by its bytes (not its claimed type), then re-encodes it to
 * WebP at each width, without metadata. A name whose extension disagrees
 * with the contents (a PNG named .jpg) is refused too: it is not what the
 * person thinks they are uploading.
 */
export async function processImage(bytes: Uint8Array, fileName?: string): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new ImageError(productNotices.fileTooLarge, `image of ${bytes.byteLength} bytes`);
  }
  const type = await fileTypeFromBuffer(bytes);
  const extensions = type ? ALLOWED.get(type.mime) : undefined;
  if (!type || !extensions) {
    throw new ImageError(productNotices.invalidFileType, `refused file type ${type?.mime ?? "unknown"}`);
  }
  const extension = extensionOf(fileName);
  if (extension && !extensions.includes(extension)) {
    throw new ImageError(productNotices.invalidFileType, `${type.mime} named .${extension}`);
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  try {
    const variants = [];
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      // sharp drops metadata unless asked to keep it; rotate() applies EXIF orientation first.
      const { data, info } = await sharp(bytes, {
        limitInputPixels: MAX_IMAGE_PIXELS,
        failOn: "error",
        animated: false,
      })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({
        key: `${hash}-${width}.webp`,
        width: info.width,
        height: info.height,
        bytes: new Uint8Array(data),
      });
    }
    return { hash, variants };
  } catch (error) {
    throw new ImageError(productNotices.imageUploadFailed(), `sharp refused the image: ${String(error)}`);
  }
}

/** Stores the variants (idempotent: the key is the content hash) and returns the product's image URL. */
export async function storeImage(db: Database | Transaction, image: ProcessedImage): Promise<string> {
  await db
    .insert(productImages)
    .values(
      image.variants.map((variant) => ({
        key: variant.key,
        contentType: "image/webp",
        width: variant.width,
        height: variant.height,
        bytes: variant.bytes,
      })),
    )
    .onConflictDoNothing();
  return productImageUrl(image.hash, LARGEST_WIDTH);
}

/**
 * An uploaded file through the whole pipeline (checked, re-encoded, stored) for a form beside the catalogue's
 * (campaigns, site content): its URL, or the message for the form's image field and the status to answer with.
 */
export async function storeUploadedImage(
  db: Database,
  file: File,
  what: string,
): Promise<{ ok: true; src: string } | { ok: false; status: 413 | 422; message: string }> {
  try {
    return {
      ok: true,
      src: await storeImage(db, await processImage(new Uint8Array(await file.arrayBuffer()), file.name)),
    };
  } catch (error) {
    const notice = error instanceof ImageError ? error.notice : null;
    if (!notice) logger.error({ err: error }, `${what} failed`);
    const message = notice
      ? notice.description
        ? `${notice.title}: ${notice.description}`
        : notice.title
      : "The image could not be stored. Please try another.";
    return { ok: false, status: notice?.title.startsWith("File too large") ? 413 : 422, message };
  }
}

export async function readImage(db: Database, key: string) {
  const [row] = await db.select().from(productImages).where(eq(productImages.key, key));
  return row ?? null;
}

// ---------------------------------------------------------------------------
// Images by URL: fetched once by the server, then stored like an upload.

/**
 * Whether an address is on the public internet. Parsed and normalised by
 * ipaddr.js first, so the spellings Node and the URL parser produce for the
 * same address (IPv4-mapped `::ffff:7f00:1`, IPv4-compatible `::127.0.0.1`,
 * hex or shortened forms) are judged as the address they stand for. An
 * allow-list: IPv4 only in ipaddr.js's "unicast" range (not loopback,
 * private, link-local, CGNAT, multicast, reserved...), IPv6 only in global
 * unicast 2000::/3 outside its special ranges (documentation, Teredo, 6to4,
 * NAT64, ORCHID...).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    if (!v6.match(GLOBAL_UNICAST_V6)) return false; // also ::/96 (IPv4-compatible), ::1, fc00::/7, fe80::/10, ff00::/8
    return v6.range() === "unicast";
  }
  return parsed.range() === "unicast";
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/**
 * Fetches an https image, refusing private and loopback addresses. The
 * address is checked after DNS and the connection goes to that very address
 * (no second lookup an attacker could answer differently). No redirects.
 */
export async function fetchImageFromUrl(rawUrl: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ImageError(productNotices.imageUploadFailed("The image URL is not a valid address."), "bad url");
  }
  if (url.protocol !== "https:") {
    throw new ImageError(productNotices.imageUploadFailed("The image URL must start with https://."), "not https");
  }
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) {
    throw new ImageError(productNotices.imageUploadFailed("The image URL's server could not be found."), "dns failed");
  }
  const target = addresses.find((entry) => isPublicAddress(entry.address));
  if (!target || addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new ImageError(
      productNotices.imageUploadFailed("The image URL points to a private or local address."),
      `refused address for ${host}`,
    );
  }
  const fileName = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const bytes = await new Promise<Uint8Array>((resolve, reject) => {
    const failed = (message: string, log: string) =>
      reject(new ImageError(productNotices.imageUploadFailed(message), log));
    const request = https.get(
      url,
      {
        timeout: URL_FETCH_TIMEOUT_MS,
        lookup: (_hostname, _options, callback) => callback(null, target.address, target.family),
        headers: { Accept: "image/*" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          failed("The image URL did not return an image.", `status ${response.statusCode}`);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IMAGE_BYTES) {
            request.destroy();
            reject(new ImageError(productNotices.fileTooLarge, "url image too large"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
        response.on("error", () => failed("The image could not be downloaded.", "response error"));
      },
    );
    request.on("timeout", () => {
      request.destroy();
      failed("The image URL took too long to answer.", "timeout");
    });
    request.on("error", () => failed("The image could not be downloaded.", "request error"));
  });
  return { bytes, fileName };
}
