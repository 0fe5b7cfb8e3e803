// The receipt and monthly-gift pages (links in emails, outside the site's layout) say what happened when they fail:
// a link that matches nothing is "not found" in the page's own words, but a failure on our side (a database that
// cannot be reached, a bug) is the shared status-aware page with the request's reference, never "not found".
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  RouterContextProvider,
  StaticRouterProvider,
  type LoaderFunction,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import type { Database } from "~/db/client.server";
import { databaseContext } from "~/db/context";
import * as monthlyPage from "~/routes/public/donation-monthly";
import * as receiptPage from "~/routes/public/donation-receipt";

const REQUEST_ID = "req-7f3a9c";
/** A token of the right shape, so the page asks the database for it. */
const TOKEN = "t".repeat(32);

/** A database that cannot be reached: every use throws, as a query does while PostgreSQL is down. */
const unreachable = new Proxy(
  {},
  {
    get() {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    },
  },
) as Database;

type PageModule = { loader: unknown; default: unknown; ErrorBoundary: unknown };

/** Runs the page's loader under a root route (which gives the request id) and renders what a visitor gets. */
async function visit(page: PageModule, pattern: string, url: string) {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ requestId: REQUEST_ID }),
      Component: Outlet,
      children: [
        {
          id: "page",
          path: pattern,
          loader: page.loader as LoaderFunction,
          Component: page.default as ComponentType,
          ErrorBoundary: page.ErrorBoundary as ComponentType,
        },
      ],
    },
  ]);
  const requestContext = new RouterContextProvider();
  requestContext.set(databaseContext, unreachable);
  const context = await handler.query(new Request(`http://localhost${url}`), { requestContext });
  if (context instanceof Response) throw new Error(`a response instead of a page: ${context.status}`);
  const stream = await renderToReadableStream(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  await stream.allReady;
  return { status: context.statusCode, html: await new Response(stream).text() };
}

beforeAll(() => {
  setEnvForTests(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "citron-link-pages-")),
      SESSION_SECRET: "s".repeat(40),
    }),
  );
});
afterAll(() => setEnvForTests(undefined));

const pages = [
  {
    name: "a donation receipt",
    page: receiptPage,
    pattern: "donate/receipt/:token",
    url: "/donate/receipt",
    notFound: ["Receipt not found", "Please check the link in your receipt email."],
  },
  {
    name: "a monthly gift's page",
    page: monthlyPage,
    pattern: "donate/monthly/:token",
    url: "/donate/monthly",
    notFound: ["Monthly gift not found", "Please check the link in your monthly receipt email."],
  },
];

describe.each(pages)("$name, when it fails", ({ page, pattern, url, notFound }) => {
  it("says something went wrong on our side, with the request's reference, when the database cannot be reached", async () => {
    const { status, html } = await visit(page, pattern, `${url}/${TOKEN}`);
    expect(status).toBe(500);
    expect(html).toContain("Something went wrong on our side");
    expect(html).toMatch(new RegExp(`Reference: <code[^>]*>${REQUEST_ID}</code>`));
    expect(html).not.toContain(notFound[0]);
  });

  it("still says not found, in its own words, for a link that matches nothing", async () => {
    // A token of the wrong shape is refused before the database is asked.
    const { status, html } = await visit(page, pattern, `${url}/not-a-token`);
    expect(status).toBe(404);
    for (const text of notFound) expect(html).toContain(text);
    expect(html).not.toContain("Something went wrong on our side");
  });
});
