import { open } from "node:fs/promises";
import path from "node:path";
import { SheetError } from "./sheet-parser";

/**
 * Reads the published sheet's CSV text from an http(s) URL or a local file,
 * refusing anything over `maxBytes` (a misconfigured URL must not fill memory).
 */
export async function readSheetText(
  source: string,
  options: { signal: AbortSignal; maxBytes: number },
): Promise<string> {
  return /^https?:\/\//i.test(source) ? fetchSheetText(source, options) : readSheetFile(path.resolve(source), options);
}

function tooLarge(maxBytes: number) {
  return new SheetError(`Sheet is larger than the limit of ${maxBytes} bytes`);
}

async function fetchSheetText(url: string, { signal, maxBytes }: { signal: AbortSignal; maxBytes: number }) {
  const response = await fetch(url, { signal, headers: { accept: "text/csv, text/plain;q=0.9" } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new SheetError(`Failed to fetch sheet: ${response.status}`);
  }
  // A private or unpublished sheet answers 200 with a sign-in page, not CSV.
  if (/text\/html/i.test(response.headers.get("content-type") ?? "")) {
    await response.body?.cancel().catch(() => {});
    throw new SheetError("Failed to fetch sheet: the address returned a web page, not CSV");
  }
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

async function readSheetFile(file: string, { signal, maxBytes }: { signal: AbortSignal; maxBytes: number }) {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLarge(maxBytes);
    return await handle.readFile({ encoding: "utf8", signal });
  } finally {
    await handle.close();
  }
}
