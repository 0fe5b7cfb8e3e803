import { describe, expect, it } from "vitest";
import { BodyTooLargeError, FORM_MAX_BYTES, formProblems, formText, readForm, tryReadForm } from "./form.server";

const post = (body: BodyInit | null, contentType?: string, extra: Record<string, string> = {}) =>
  new Request("http://localhost/auth", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...extra },
  });

/** A body that arrives in chunks without a Content-Length (like `Transfer-Encoding: chunked`). */
function chunked(chunk: string, times: number, contentType = "application/x-www-form-urlencoded") {
  let sent = 0;
  const encoded = new TextEncoder().encode(chunk);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= times) return controller.close();
      sent += 1;
      controller.enqueue(encoded);
    },
  });
  const request = new Request("http://localhost/auth", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => sent };
}

describe("tryReadForm", () => {
  it("reads an urlencoded form", async () => {
    const result = await tryReadForm(post("email=a%40example.org&intent=sign-in", "application/x-www-form-urlencoded"));
    expect(result.ok && formText(result.form, "email")).toBe("a@example.org");
  });

  it("reads a multipart form", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("file", new File(["x"], "x.txt"));
    const request = new Request("http://localhost/contact", { method: "POST", body: form });
    const result = await tryReadForm(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(formText(result.form, "name")).toBe("Ada");
    // A file under a text field's name reads as "".
    expect(formText(result.form, "file")).toBe("");
    expect(formText(result.form, "missing")).toBe("");
  });

  it.each([
    ["application/json", '{"email":"a@example.org"}', 415],
    ["text/plain", "email=a@example.org", 415],
    ["application/xml", "<email>a@example.org</email>", 415],
    ["text/xml", "<x/>", 415],
    [undefined, "email=a", 415],
    ["multipart/form-data", "--x\r\n", 400],
    ["multipart/form-data; boundary=zzz", "--x\r\nnot a part\r\n", 400],
    ["multipart/form-data; boundary=zzz", "--zzz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n", 400],
  ])("answers %s with %i", async (contentType, body, status) => {
    const result = await tryReadForm(post(body, contentType));
    expect(result).toMatchObject({ ok: false, status });
  });

  it("refuses a declared Content-Length over the cap without reading", async () => {
    const result = await tryReadForm(
      post("a=1", "application/x-www-form-urlencoded", { "Content-Length": String(FORM_MAX_BYTES + 1) }),
    );
    expect(result).toMatchObject({ ok: false, status: 413 });
  });

  it("stops reading a chunked body as soon as it passes the cap", async () => {
    const { request, pulled } = chunked(`a=${"x".repeat(1022)}&`, 10_000);
    const result = await tryReadForm(request, { maxBytes: 64 * 1024 });
    expect(result).toMatchObject({ ok: false, status: 413 });
    // 64 chunks of 1 KiB fit; the 65th passes the cap; a stream pulls at most a chunk or two ahead.
    expect(pulled()).toBeLessThan(70);
  });

  it("answers 413 when the server's body limit cut the stream", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.error(new BodyTooLargeError(10));
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await tryReadForm(request)).toMatchObject({ ok: false, status: 413 });
  });

  it("answers 400 when the connection broke mid-body", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.error(new Error("aborted"));
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await tryReadForm(request)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("readForm", () => {
  it("returns the form", async () => {
    const form = await readForm(post("a=1", "application/x-www-form-urlencoded"));
    expect(formText(form, "a")).toBe("1");
  });

  it("throws a 415 response for JSON", async () => {
    const thrown = await readForm(post("{}", "application/json")).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      data: formProblems.notAForm.message,
      init: { status: 415 },
    });
  });
});
