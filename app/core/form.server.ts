import { data } from "react-router";

/**
 * The one way an action reads its form. A browser form arrives as
 * `application/x-www-form-urlencoded` or `multipart/form-data`; anything else
 * (JSON, text, XML, a broken multipart body, a body over the cap) is the
 * client's mistake and answers 4xx, never a 500 and never an error-level log.
 *
 *   const form = await readForm(request);            // throws a 413/415/400 Response
 *   const email = formText(form, "email").trim();
 *
 * Actions that render their own error shape use `tryReadForm`, which returns
 * the problem instead of throwing.
 *
 * The server (server/body-limit.ts) already caps every request body as it
 * streams; this cap is the action's own, so a route module called directly
 * (tests, another adapter) is bounded too.
 */

/** The default cap of a form body: far above any text form of the site. */
export const FORM_MAX_BYTES = 256 * 1024;

export type FormProblem = {
  status: 400 | 413 | 415;
  /** A sentence for the person who sent the form. */
  message: string;
};

export type FormReadResult = { ok: true; form: FormData } | ({ ok: false } & FormProblem);

export type ReadFormOptions = {
  /** Bytes the body may have (default FORM_MAX_BYTES). */
  maxBytes?: number;
};

export const formProblems = {
  tooLarge: { status: 413, message: "What you sent is too large. Please shorten it and try again." },
  notAForm: { status: 415, message: "This address accepts only forms sent from the site's pages." },
  unreadable: { status: 400, message: "The form could not be read. Please try again." },
} as const satisfies Record<string, FormProblem>;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Thrown by the body-limit stream when a body passes its cap; readers answer 413 for it. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Reads the form, or says why it cannot: 415 for a non-form type, 413 over the cap, 400 when unreadable. */
export async function tryReadForm(request: Request, options: ReadFormOptions = {}): Promise<FormReadResult> {
  const maxBytes = options.maxBytes ?? FORM_MAX_BYTES;
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { ok: false, ...formProblems.notAForm };
  if (mediaType === "multipart/form-data" && !/;\s*boundary=/i.test(contentType)) {
    return { ok: false, ...formProblems.unreadable };
  }
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, ...formProblems.tooLarge };

  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readCapped(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError) {
      return { ok: false, ...formProblems.tooLarge };
    }
    return { ok: false, ...formProblems.unreadable };
  }
  try {
    // A fresh Response parses the bytes we already hold with the platform's own parser.
    const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, ...formProblems.unreadable };
  }
}

/** Reads the form; a problem is thrown as a 4xx Response that the route's error boundary shows. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const result = await tryReadForm(request, options);
  if (result.ok) return result.form;
  // A string body: the error boundaries show it as the page's message.
  throw data(result.message, { status: result.status, statusText: statusText[result.status] });
}

const statusText = { 400: "Bad Request", 413: "Content Too Large", 415: "Unsupported Media Type" } as const;

/** A text field's value: "" when missing or when a file was sent under that name. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Reads the body, stopping (and throwing BodyTooLargeError) as soon as it passes `maxBytes`. */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The answer to a form its page could not have sent (tampered with, or from an older page): 400, asking for a reload. */
export function notUnderstood() {
  return data({ error: "That request was not understood. Please reload the page and try again." }, { status: 400 });
}
