import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { createScratchDatabase } from "../support/scratch-database";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PORT_BASE,
  root,
  seed,
  skipReason,
  startInstance,
  Visitor,
  waitFor,
  type Instance,
} from "./support";

/**
 * Decision 0039: a publish of site content on one instance reaches the other's
 * pages, cached ones included, within 2 seconds (the site_content channel:
 * each instance reads the section again, then drops its pages), and so does a
 * restore made on the other.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] ${reason}`);

// Apart from two-instances.test.ts's ports: the suites run one file at a time, but a port may linger.
const PORTS = { a: PORT_BASE + 10, b: PORT_BASE + 11 };
const figures: Record<string, unknown> = {};

describe.skipIf(reason)("site content on two instances", () => {
  let scratch: { url: string; drop(): Promise<void> };
  let a: Instance;
  let b: Instance;
  const admin = new Visitor("10.7.0.1");
  const anonymous = new Visitor("10.7.0.2");
  const team = parse(readFileSync(path.join(root, "content/team.yaml"), "utf8")) as { coaches: { name: string }[] };
  const original = team.coaches[0]!.name;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "citron_ops_site");
    const env = { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString("hex") };
    [a, b] = await Promise.all([startInstance("a", PORTS.a, env), startInstance("b", PORTS.b, env)]);
    seed(scratch.url, env.SESSION_SECRET);
    const signIn = await admin.request(a.url, "/auth", {
      form: { intent: "sign-in", email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirectTo: "/admin/site" },
    });
    if (signIn.status !== 302) throw new Error(`the admin could not sign in (${signIn.status})`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    console.info(`[ops figures] ${JSON.stringify(figures)}`);
    await scratch?.drop().catch(() => {});
  }, 60_000);

  /** The anonymous /about on an instance, and whether the page cache answered it. */
  const aboutOn = async (instance: Instance) => {
    const response = await anonymous.request(instance.url, "/about");
    return { cache: response.headers.get("x-page-cache"), html: await response.text() };
  };

  it("a publish on one reaches the other's cached /about within 2 seconds", async () => {
    await aboutOn(b);
    const cached = await aboutOn(b);
    expect(cached.cache).toBe("hit");
    expect(cached.html).toContain(original);

    team.coaches[0]!.name = "Dr. Published Elsewhere";
    const saved = await admin.request(a.url, "/admin/site/team", {
      form: { intent: "save", source: stringify(team), baseVersion: "0", draftStamp: "" },
    });
    expect(saved.status).toBe(302);
    const editor = await (await admin.request(a.url, "/admin/site/team")).text();
    const stamp = /name="draftStamp" value="([^"]+)"/.exec(editor)?.[1];
    expect(stamp).toBeTruthy();

    const started = Date.now();
    const published = await admin.request(a.url, "/admin/site/team", {
      form: { intent: "publish", draftStamp: stamp! },
    });
    expect(published.status).toBe(302);
    await waitFor(
      "the new name on b's /about",
      async () => (await aboutOn(b)).html.includes("Dr. Published Elsewhere"),
      2000,
      20,
    );
    figures.publishAcrossInstancesMs = Date.now() - started;
    expect((await aboutOn(b)).html).not.toContain(`>${original}<`);
  });

  it("a restore on the other reaches the first's cached /about within 2 seconds", async () => {
    await aboutOn(a);
    expect((await aboutOn(a)).cache).toBe("hit");
    const started = Date.now();
    const restored = await admin.request(b.url, "/admin/site/team", {
      form: { intent: "restore", version: "1", liveVersion: "2" },
    });
    expect(restored.status).toBe(302);
    await waitFor(
      "the file's name back on a's /about",
      async () => (await aboutOn(a)).html.includes(original),
      2000,
      20,
    );
    figures.restoreAcrossInstancesMs = Date.now() - started;
  });
});
