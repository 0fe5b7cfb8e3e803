import type { AddressInfo } from "node:net";
import type http from "node:http";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/database";
import { metricsMiddleware, metricsRoute, registerMetrics, routeLabeller } from "./metrics";

const TOKEN = "t".repeat(24);
const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/fees": { id: "routes/fees", parentId: "root", path: "fees" },
  "routes/admin.products": { id: "routes/admin.products", parentId: "root", path: "admin/products" },
} as unknown as ServerBuild["routes"];

let server: http.Server;
let base = "";
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  registerMetrics(async () => database.db);
  const label = routeLabeller(async () => ({ routes }) as ServerBuild);
  const app = express();
  app.use(metricsMiddleware(label));
  app.get("/metrics", metricsRoute(TOKEN));
  app.get("/fees", (_req, res) => {
    res.set("X-Page-Cache", "hit").send("fees");
  });
  app.get("/admin/products", (_req, res) => {
    res.status(500).send("no");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.destroy();
});

const scrape = () => fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });

describe("/metrics", () => {
  it("is off without a token: 404", async () => {
    const app = express();
    app.get("/metrics", metricsRoute(undefined));
    const off = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => off.once("listening", resolve));
    const response = await fetch(`http://127.0.0.1:${(off.address() as AddressInfo).port}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("citron_");
    await new Promise((resolve) => off.close(resolve));
  });

  it.each([
    ["no header", undefined],
    ["a wrong token", `Bearer ${"x".repeat(24)}`],
    ["the token without Bearer", TOKEN],
    ["a longer token", `Bearer ${TOKEN}x`],
  ])("refuses %s with 401", async (_name, authorization) => {
    const response = await fetch(`${base}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await response.text()).not.toContain("citron_");
  });

  it("counts requests by route and status, page-cache results, and reads the outbox and checkouts", async () => {
    await database.db.execute(
      // Two waiting emails, one failed: what an "outbox backing up" alert watches.
      sql`insert into email_outbox ("to", subject, text, html, status, created_at)
        values ('a@example.org', 's', 't', 'h', 'pending', now() - interval '10 minutes'),
               ('b@example.org', 's', 't', 'h', 'pending', now()),
               ('c@example.org', 's', 't', 'h', 'failed', now())`,
    );
    await fetch(`${base}/fees`);
    await fetch(`${base}/fees.data`);
    await fetch(`${base}/admin/products`);
    await fetch(`${base}/no/such/page`);
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('citron_http_requests_total{method="GET",route="routes/fees",status="200"} 1');
    // React Router's data request for the page counts under the page's route.
    expect(text).toContain('citron_http_requests_total{method="GET",route="routes/fees",status="404"} 1');
    expect(text).toContain('citron_http_requests_total{method="GET",route="routes/admin.products",status="500"} 1');
    expect(text).toContain('citron_http_requests_total{method="GET",route="other",status="404"} 1');
    expect(text).toMatch(/citron_http_request_duration_seconds_count\{method="GET",route="routes\/fees"\} 2/);
    expect(text).toContain('citron_page_cache_requests_total{result="hit"} 1');
    expect(text).toContain('citron_outbox_messages{status="pending"} 2');
    expect(text).toContain('citron_outbox_messages{status="failed"} 1');
    expect(Number(/^citron_outbox_oldest_pending_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(599);
    expect(text).toContain("citron_live_feeds_open 0");
    expect(text).toContain("citron_database_up 1");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});
