import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/core/env.server";
import { tryReadForm } from "~/core/form.server";
import { productNotices } from "~/features/products/manage/notices";
import { bodyLimit, bodyLimitFor, bodyLimits, withTooLargePage } from "./body-limit";
import { toWebRequest } from "./request-handler";
import { crossSiteReason, sameSiteOnly } from "./same-site";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An app like server/app.ts: the body limit, then a "route action" that reads the form from the Web Request. */
function formApp() {
  const app = express();
  app.use(bodyLimit(withTooLargePage(bodyLimits, "/admin/products", productNotices.fileTooLarge)));
  app.use(async (req, res) => {
    // The action's own cap is far larger here, so only the server's limit can refuse.
    const result = await tryReadForm(toWebRequest(req, res), { maxBytes: 1024 * 1024 * 1024 });
    if (res.headersSent) return;
    if (!result.ok) {
      res.status(result.status).send(result.message);
      return;
    }
    res.json({ fields: [...result.form.keys()].length });
  });
  return app;
}

/** Sends a chunked (no Content-Length) urlencoded body of `megabytes` MB; resolves with the status. */
function postChunked(base: string, path: string, megabytes: number): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const request = http.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sentBytes = 0;
    // An object, so the write loop sees an answer that arrives while it runs.
    const state = { answered: false };
    request.on("response", (response) => {
      state.answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, sentBytes });
    });
    request.on("error", (error) => {
      if (!state.answered) reject(error);
    });
    const pump = () => {
      while (!state.answered && sentBytes < megabytes * 1024 * 1024) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!state.answered) request.end();
    };
    pump();
  });
}

describe("body limit", () => {
  it("gives image uploads and webhooks their own limits", () => {
    expect(bodyLimitFor("/auth")).toBe(bodyLimits.defaultBytes);
    expect(bodyLimits.defaultBytes).toBe(256 * 1024);
    expect(bodyLimitFor("/admin/products")).toBe(6 * 1024 * 1024);
    expect(bodyLimitFor("/admin/products/new")).toBe(6 * 1024 * 1024);
    expect(bodyLimitFor("/admin/productsx")).toBe(bodyLimits.defaultBytes);
    expect(bodyLimitFor("/webhooks/stripe")).toBe(1024 * 1024);
  });

  it("passes a normal form through", async () => {
    const base = await listen(formApp());
    const response = await fetch(`${base}/auth`, { method: "POST", body: new URLSearchParams({ a: "1", b: "2" }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fields: 2 });
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const base = await listen(formApp());
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/auth`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(300 * 1024) },
      });
      request.on("response", (response) => resolve(response.statusCode ?? 0));
      request.on("error", reject);
      request.write("a=1");
    });
    expect(status).toBe(413);
  });

  it("stops a 200 MB chunked body at the limit, without holding it in memory", async () => {
    const base = await listen(formApp());
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const { status, sentBytes } = await postChunked(base, "/auth", 200);
    expect(status).toBe(413);
    // Answered long before 200 MB went over the wire (measured: a few MB at most, in well under a second).
    expect(sentBytes).toBeLessThan(32 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  // QA: a 9.7 MB photo on Add Product without JavaScript gave a bare plain-text "Content Too Large".
  it("answers a browser's too-large product form with a page that says why and leads back to the form", async () => {
    const base = await listen(formApp());
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const request = http.request(`${base}/admin/products`, {
          method: "POST",
          headers: {
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(9_700_000),
            ...headers,
          },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }),
          );
        });
        request.on("error", reject);
        request.write("--x\r\n");
      });
    const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const host = new URL(base).host;

    const page = await post({ Accept: html, Referer: `${base}/admin/products?new=1` });
    expect(page.status).toBe(413);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain("<h1>File too large</h1>");
    expect(page.body).toContain("Image must be less than 5MB");
    expect(page.body).toContain('<a href="/admin/products?new=1">Back to the form</a>');

    // Another site's (or an odd) Referer is never linked; the page's own path is.
    for (const referer of [
      "https://evil.example/admin/products?new=1",
      `http://${host}/auth?x="><script>`,
      "nonsense",
    ]) {
      const other = await post({ Accept: html, Referer: referer });
      expect(other.body).toContain('<a href="/admin/products">Back to the form</a>');
      expect(other.body).not.toContain("<script>");
    }
    const edit = await post({ Accept: html, Referer: `${base}/admin/products?edit=a"b` });
    expect(edit.body).toContain('<a href="/admin/products?edit=a%22b">');

    // A script (no text/html in Accept) keeps the plain answer.
    expect(await post({ Accept: "*/*" })).toMatchObject({ status: 413, body: "Content Too Large" });
  });

  it("lets a 5 MB upload through to /admin/products but not to /contact", async () => {
    const base = await listen(formApp());
    expect((await postChunked(base, "/contact", 5)).status).toBe(413);
    expect((await postChunked(base, "/admin/products", 5)).status).toBe(200);
    expect((await postChunked(base, "/admin/products", 7)).status).toBe(413);
  });
});

describe("same-site check", () => {
  const options = { publicOrigin: "https://citron.example.org" };
  const base = { method: "POST", path: "/auth", ownOrigin: "http://127.0.0.1:3000" };

  it.each([
    [{ origin: "https://citron.example.org" }, null],
    [{ origin: "http://127.0.0.1:3000" }, null],
    [{ origin: "https://evil.example" }, "foreign origin"],
    [{ origin: "https://citron.example.org.evil.example" }, "foreign origin"],
    [{ origin: "http://citron.example.org" }, "foreign origin"],
    [{ origin: "null" }, "opaque origin"],
    [{ origin: "::nonsense" }, "unreadable origin"],
    [{ fetchSite: "cross-site" }, "cross-site fetch"],
    [{ fetchSite: "same-origin" }, null],
    [{ fetchSite: "none" }, null],
    [{}, null],
    [{ method: "GET", origin: "https://evil.example" }, null],
    [{ method: "DELETE", origin: "https://evil.example" }, "foreign origin"],
    [{ path: "/webhooks/stripe", origin: "https://stripe.example" }, null],
  ])("%j -> %s", (overrides, reason) => {
    expect(crossSiteReason({ ...base, ...overrides }, options)).toBe(reason);
  });

  it("answers 403 before any handler runs", async () => {
    const app = express();
    let handled = 0;
    app.use(sameSiteOnly({ publicOrigin: "https://citron.example.org" }));
    app.use((_req, res) => {
      handled += 1;
      res.send("ok");
    });
    const url = await listen(app);
    const refused = await fetch(`${url}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(refused.status).toBe(403);
    expect(handled).toBe(0);
    const own = await fetch(`${url}/contact`, { method: "POST", headers: { Origin: url }, body: "a=1" });
    expect(own.status).toBe(200);
  });
});

describe("the request React Router sees", () => {
  it("is addressed to the public origin when the site's own page posts through a TLS-terminating proxy", async () => {
    const app = express();
    app.use((req, res) => {
      res.send(toWebRequest(req, res, "https://citron.example.org").url);
    });
    const url = await listen(app);
    // The proxy speaks http to us; the browser's Origin is the public https one.
    const own = await fetch(`${url}/contact`, {
      method: "POST",
      headers: { Origin: "https://citron.example.org" },
      body: "a=1",
    });
    expect(await own.text()).toBe("https://citron.example.org/contact");
    const plain = await fetch(`${url}/contact?x=1`);
    expect(await plain.text()).toBe(`${url}/contact?x=1`);
  });

  it("survives a Host header that is not a host", async () => {
    const app = express();
    app.use((req, res) => {
      res.send(toWebRequest(req, res).url);
    });
    const base = await listen(app);
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(`${base}/x`, { headers: { Host: "evil.example/../@x y" } }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(body));
      });
      request.on("error", reject);
      request.end();
    });
    expect(answer).toBe("http://evil.example/x");
  });
});

describe("TRUST_PROXY", () => {
  /** What Express takes as the client address for a request with this X-Forwarded-For. */
  async function clientIp(setting: string, forwardedFor: string): Promise<string> {
    const parsed = parseTrustProxy(setting);
    expect(typeof parsed).not.toBe("string");
    const app = express();
    if (parsed !== false) app.set("trust proxy", parsed);
    app.get("/", (req, res) => {
      res.send(req.ip);
    });
    const url = await listen(app);
    return (await fetch(url, { headers: { "X-Forwarded-For": forwardedFor } })).text();
  }

  it("ignores X-Forwarded-For by default", async () => {
    expect(await clientIp("false", "198.51.100.1")).toBe("127.0.0.1");
  });

  it("with a hop count, takes the address the trusted proxy saw, not what the client wrote", async () => {
    // The client wrote 6.6.6.6; our one load balancer appended the address it saw, 203.0.113.5.
    expect(await clientIp("1", "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    expect(await clientIp("1", "7.7.7.7, 203.0.113.5")).toBe("203.0.113.5");
  });

  it("with an address list, trusts only those proxies", async () => {
    expect(await clientIp("127.0.0.1", "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    expect(await clientIp("loopback, 10.0.0.0/8", "6.6.6.6, 203.0.113.5, 10.1.2.3")).toBe("203.0.113.5");
    // The request does not come from a listed proxy: the header is ignored.
    expect(await clientIp("10.0.0.1", "6.6.6.6")).toBe("127.0.0.1");
  });

  it.each([
    ["true", /hop count/],
    ["banana", /not understood: banana/],
    ["10.0.0.0/40", /not understood/],
    ["99", /above 10/],
  ])("refuses %s", (value, message) => {
    expect(parseTrustProxy(value)).toMatch(message);
  });

  it.each([
    ["false", false],
    ["0", false],
    ["2", 2],
    ["10.0.0.1, 2001:db8::/32", ["10.0.0.1", "2001:db8::/32"]],
  ])("reads %s", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
});
