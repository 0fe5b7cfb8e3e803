import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAssets } from "./precompressed";

const script = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "citron-assets-"));
  writeFileSync(path.join(dir, "entry-abc123.js"), script);
  const app = express();
  app.use("/assets", ...buildAssets(dir));
  app.use((_req, res) => void res.status(418).send("the page pipeline"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** fetch() decodes bodies itself: fine for headers; the Brotli body is read with node:http below. */
async function get(pathname: string, acceptEncoding: string) {
  const response = await fetch(`${base}${pathname}`, { headers: { "Accept-Encoding": acceptEncoding } });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe("build assets", () => {
  it("carry only a script's headers: nosniff, same-origin, a year's immutable cache; no page policy, no validators", async () => {
    const { response } = await get("/assets/entry-abc123.js", "gzip");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const unwanted = ["content-security-policy", "permissions-policy", "x-frame-options", "etag", "last-modified"];
    expect(unwanted.filter((name) => response.headers.has(name))).toEqual([]);
  });

  it("are Brotli-compressed once ready, and decode to the file", async () => {
    // The first request starts the compression; a later one gets it.
    await vi.waitFor(
      async () =>
        expect((await get("/assets/entry-abc123.js", "br")).response.headers.get("content-encoding")).toBe("br"),
      { timeout: 5000, interval: 20 },
    );
    const response = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/assets/entry-abc123.js`, { headers: { "Accept-Encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
        })
        .on("error", reject);
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answer a file of an earlier build with a plain 404, not the page pipeline", async () => {
    const { response, body } = await get("/assets/entry-old999.js", "gzip");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(body.toString()).toBe("Not found");
  });
});

describe("build assets compressed by the build", () => {
  it("are served as Brotli from the first request, from the .br the build wrote", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "citron-assets-"));
    writeFileSync(path.join(dir, "entry-def456.js"), script);
    // A copy that differs from what the server would make itself: only the build's file can give it.
    const built = zlib.brotliCompressSync(Buffer.from(`${script}// built\n`));
    writeFileSync(path.join(dir, "entry-def456.js.br"), built);
    const app = express();
    app.use("/assets", ...buildAssets(dir));
    const first = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => first.once("listening", resolve));
    try {
      const body = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `http://127.0.0.1:${(first.address() as AddressInfo).port}/assets/entry-def456.js`,
            { headers: { "Accept-Encoding": "gzip, deflate, br" } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      });
      expect(body.encoding).toBe("br");
      expect(body.body.equals(built)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => first.close(() => resolve()));
    }
  });

  it("are written by the build step for every script and stylesheet", async () => {
    const { compressAssets } = await import("../scripts/brotli-assets");
    const dir = mkdtempSync(path.join(os.tmpdir(), "citron-assets-"));
    writeFileSync(path.join(dir, "a-1.js"), script);
    writeFileSync(path.join(dir, "b-2.css"), `body{color:red}\n`.repeat(100));
    writeFileSync(path.join(dir, "c-3.woff2"), "font");
    const totals = await compressAssets(dir);
    expect(totals.files).toBe(2);
    expect(zlib.brotliDecompressSync(readFileSync(path.join(dir, "a-1.js.br"))).toString()).toBe(script);
    expect(existsSync(path.join(dir, "c-3.woff2.br"))).toBe(false);
  });
});
