import { sql } from "drizzle-orm";
import express from "express";
import type { AddressInfo } from "node:net";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests, parseEnv } from "~/core/env.server";
import { fromRoot } from "~/core/paths.server";
import routes from "~/routes";
import { sameSiteOnly } from "../../server/same-site";
import { getAuth } from "~/features/accounts/auth.server";
import { signedInAccount, TEST_PASSWORD } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * Decision 0010: every action in the route table, posted
 * bodies that are not a form (JSON, text, XML, a broken multipart body) by a
 * signed-out visitor and by an admin, answers 3xx or 4xx (415/400 for the
 * body), never a 500 or an unexpected throw; and a cross-site post to each
 * action's path is refused before it reaches the action.
 */

type RouteModule = { action?: (args: never) => unknown };
type ActionRoute = { file: string; path: string };

/** Every route with a path, with its full URL path (":params" filled with a dummy). */
function routeEntries(entries: RouteConfigEntry[], prefix = ""): ActionRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix || "/" : entry.path !== undefined ? `${prefix}/${entry.path}` : prefix;
    const own = entry.path !== undefined || entry.index ? [{ file: entry.file, path: path.replace(/:\w+/g, "x") }] : [];
    return [...own, ...routeEntries(entry.children ?? [], path)];
  });
}

const bodies: { name: string; contentType: string; body: string; status: number }[] = [
  {
    name: "JSON",
    contentType: "application/json",
    body: JSON.stringify({ intent: "sign-in", email: "a@example.org" }),
    status: 415,
  },
  { name: "text", contentType: "text/plain", body: "intent=sign-in&email=a@example.org", status: 415 },
  { name: "XML", contentType: "application/xml", body: "<form><intent>create</intent></form>", status: 415 },
  { name: "no type", contentType: "", body: "intent=create", status: 415 },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n", status: 400 },
  {
    name: "broken multipart",
    contentType: "multipart/form-data; boundary=----citron",
    body: '------citron\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate',
    status: 400,
  },
];

/** Actions that read no body (signing out needs none): any answer below 500 is right for them. */
const BODYLESS_ACTIONS = new Set(["routes/public/sign-out.tsx"]);
/**
 * Actions that read a raw body and verify it themselves (Stripe's webhook: a
 * signature over the exact bytes). Any such body gets a 4xx, never a 500;
 * they are exempt from the cross-site check, which cannot apply to a server caller.
 */
const RAW_BODY_ACTIONS = new Set(["routes/resources/webhooks-stripe.ts"]);

/** A tournament that exists (its settings row, made below), so its page's action gets as far as the body. */
const TOURNAMENT = "2030-01-06|hostile-cup";
/** Path parameters that name something real, for the actions whose address has them. */
const PARAMS: Record<string, Record<string, string>> = {
  "routes/admin/site-section.tsx": { section: "team" },
  "routes/admin/tournament.tsx": { key: TOURNAMENT },
  "routes/admin/tournament-judges.tsx": { key: TOURNAMENT },
};

type Outcome = { status: number; kind: "returned" | "thrown" } | { error: unknown };

async function outcomeOf(call: () => unknown): Promise<Outcome> {
  const statusOf = (value: unknown): number | null => {
    if (value instanceof Response) return value.status;
    const wrapped = value as { type?: string; init?: ResponseInit | null } | null;
    if (wrapped?.type === "DataWithResponseInit") return wrapped.init?.status ?? 200;
    return null;
  };
  try {
    const value = await call();
    return { status: statusOf(value) ?? 200, kind: "returned" };
  } catch (error) {
    const status = statusOf(error);
    return status === null ? { error } : { status, kind: "thrown" };
  }
}

describe("hostile bodies to every action", () => {
  let database: TestDatabase;
  /** A new admin session (signing out, one of the actions, ends the previous one). */
  const adminCookie = async () => {
    const { headers } = await getAuth(database.db).api.signInEmail({
      body: { email: "director@example.org", password: TEST_PASSWORD },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  };
  const withActions: ActionRoute[] = [];

  beforeAll(async () => {
    setEnvForTests(parseEnv({ ...process.env, DATA_DIR: "/tmp/citron-hostile-bodies" }));
    database = await createTestDatabase();
    await signedInAccount(database.db, "director@example.org", "admin");
    await database.db.execute(sql`
      insert into tournament_settings (key, title, date) values (${TOURNAMENT}, 'Hostile Cup', '2030-01-06')`);
    const seen = new Set<string>();
    for (const route of routeEntries(routes)) {
      const module = (await import(/* @vite-ignore */ fromRoot("app", route.file))) as RouteModule;
      if (module.action && !seen.has(route.file)) {
        seen.add(route.file);
        withActions.push(route);
      }
    }
  });
  afterAll(async () => {
    setEnvForTests(undefined);
    await database?.destroy();
  });

  it("finds the site's actions", () => {
    const files = withActions.map((route) => route.file);
    for (const file of [
      "routes/public/auth.tsx",
      "routes/public/contact.tsx",
      "routes/resources/events-refresh.ts",
      "routes/admin/users.tsx",
      "routes/admin/profile.tsx",
      "routes/admin/contact-submissions.tsx",
    ]) {
      expect(files).toContain(file);
    }
  });

  const callers = ["signed out", "admin"] as const;
  const cases = bodies.flatMap((body) => callers.map((caller) => ({ ...body, caller })));

  it.each(cases)(
    "$name as $caller: 3xx or the body's 4xx, never 500",
    async ({ contentType, body, status, caller }) => {
      const failures: string[] = [];
      const cookie = caller === "admin" ? await adminCookie() : "";
      // Signing out last, so the admin's session lasts through the others.
      const ordered = [...withActions].sort(
        (a, b) => Number(BODYLESS_ACTIONS.has(a.file)) - Number(BODYLESS_ACTIONS.has(b.file)),
      );
      for (const route of ordered) {
        const module = (await import(/* @vite-ignore */ fromRoot("app", route.file))) as RouteModule;
        const headers = new Headers();
        if (contentType) headers.set("Content-Type", contentType);
        if (cookie) headers.set("Cookie", cookie);
        const request = new Request(`http://localhost${route.path}`, { method: "POST", headers, body });
        const outcome = await outcomeOf(() =>
          module.action!({ request, context: database.context(), params: PARAMS[route.file] ?? {} } as never),
        );
        if ("error" in outcome) {
          failures.push(`${route.file}: threw ${String(outcome.error)}`);
          continue;
        }
        // Signed out, a guarded action sends the visitor to sign in before it reads anything.
        const redirected = outcome.status >= 300 && outcome.status < 400;
        if (BODYLESS_ACTIONS.has(route.file)) {
          if (outcome.status >= 500) failures.push(`${route.file}: ${outcome.status}`);
          continue;
        }
        if (RAW_BODY_ACTIONS.has(route.file)) {
          if (outcome.status < 400 || outcome.status >= 500) failures.push(`${route.file}: ${outcome.status}`);
          continue;
        }
        // A coach's own page refuses staff by role before it reads a body (decision 0054).
        const refusedByRole = caller === "admin" && route.file.startsWith("routes/coach/") && outcome.status === 403;
        if (!(outcome.status === status || (caller === "signed out" && redirected) || refusedByRole)) {
          failures.push(`${route.file}: ${outcome.status}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  /** Decision 0044's new fields and intents, each with values no form sends: a 4xx (or a redirect), never a 500. */
  const HOSTILE_VALUES = [
    "",
    "-1",
    "1e3",
    "\uff12",
    "0x2",
    "99999999999999999999",
    "<script>x</script>",
    "\u0000",
    "%00",
    "x".repeat(5000),
  ];
  const hostileForms: {
    file: string;
    path: string;
    params: Record<string, string>;
    forms: Record<string, string>[];
    cookie?: string;
  }[] = [
    {
      file: "routes/admin/tournament.tsx",
      path: `/admin/tournaments/${encodeURIComponent(TOURNAMENT)}`,
      params: { key: TOURNAMENT },
      forms: HOSTILE_VALUES.map((confirmCount, n) => ({
        intent: "message-send",
        event: "",
        subject: "Room change",
        body: "Round one moves to room 204.",
        sendKey: `hostile-key-${n}-0000`,
        confirmCount,
      })),
    },
    {
      file: "routes/admin/site-section.tsx",
      path: "/admin/site/team",
      params: { section: "team" },
      forms: HOSTILE_VALUES.map((draftStamp) => ({ intent: "discard", draftStamp })),
    },
    {
      file: "routes/admin/site-section.tsx",
      path: "/admin/site/footer",
      params: { section: "footer" },
      forms: ["/\\evil.example/handbook", "/%5Cevil.example", "/\t/evil.example", "//evil.example"].map((href) => ({
        intent: "save",
        source: `tagline: Hostile\ngroups:\n  - heading: Links\n    links:\n      - label: Handbook\n        href: "${href.replace(/\\/g, "\\\\").replace(/\t/g, "\\t")}"\n`,
        baseVersion: "0",
        draftStamp: "",
      })),
    },
    {
      file: "routes/public/auth.tsx",
      path: "/auth",
      params: {},
      forms: HOSTILE_VALUES.flatMap((value): Record<string, string>[] => [
        { intent: "verify-code", code: value },
        { intent: "forgot", email: value },
      ]),
      // A forged and a broken two-factor challenge beside the hostile codes.
      cookie: "citron.two_factor=%E0%A4%A; citron_device=not-a-cookie",
    },
    {
      file: "routes/public/auth.tsx",
      path: "/auth",
      params: {},
      forms: HOSTILE_VALUES.map((code) => ({ intent: "verify-code", code })),
      cookie: "citron.two_factor=2fa-forged.signature",
    },
  ];

  it("decision 0044's fields with hostile values, as an admin: never a 500", async () => {
    const failures: string[] = [];
    for (const target of hostileForms) {
      const module = (await import(/* @vite-ignore */ fromRoot("app", target.file))) as RouteModule;
      const cookie = [await adminCookie(), target.cookie].filter(Boolean).join("; ");
      for (const form of target.forms) {
        const request = new Request(`http://localhost${target.path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body: new URLSearchParams(form),
        });
        const outcome = await outcomeOf(() =>
          module.action!({ request, context: database.context(), params: target.params } as never),
        );
        if ("error" in outcome)
          failures.push(`${target.file} ${JSON.stringify(form).slice(0, 80)}: threw ${String(outcome.error)}`);
        else if (outcome.status >= 500 || (outcome.status === 302 && form.intent !== "verify-code"))
          failures.push(`${target.file} ${JSON.stringify(form).slice(0, 80)}: ${outcome.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a cross-site post to every action's path before the action runs", async () => {
    const app = express();
    const reached: string[] = [];
    app.use(sameSiteOnly({ publicOrigin: "https://citron.example.org" }));
    app.use((req, res) => {
      reached.push(req.path);
      res.send("reached");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses: Record<string, number> = {};
      for (const route of withActions.filter((action) => !RAW_BODY_ACTIONS.has(action.file))) {
        const response = await fetch(`${base}${route.path}`, {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=delete",
        });
        statuses[route.path] = response.status;
      }
      expect(Object.values(statuses).every((status) => status === 403)).toBe(true);
      expect(reached).toEqual([]);
      // The same post from the site's own page goes through.
      const own = await fetch(`${base}${withActions[0]!.path}`, {
        method: "POST",
        headers: { Origin: "https://citron.example.org", "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=delete",
      });
      expect(own.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
