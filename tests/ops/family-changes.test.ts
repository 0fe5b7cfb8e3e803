import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, setEnvForTests } from "~/core/env.server";
import { linkToken } from "~/core/link-tokens.server";
import { tournamentKey } from "~/db/tournament-key";
import {
  histogram,
  inParallel,
  PORT_BASE,
  skipReason,
  startInstancePair,
  Visitor,
  waitFor,
  WEBHOOK_SECRET,
  type InstancePair,
} from "./support";

/**
 * Decisions 0047 and 0048 on two production instances and one PostgreSQL database: 50 families who paid through
 * Stripe (the stand-in) change and drop their entries through their private links at once. 20 switch into an event
 * with 10 places left; 30 drop, each pressing Confirm twice at the same moment, once on each instance, and 5 of them
 * also switch that entry (into an uncapped event) at the same moment. Exactly 10 switches hold a place (the other 10
 * are told it is full), every drop refunds its fee exactly once at Stripe, and nothing answers 500. The figures are
 * printed.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] ${reason}`);

const PORTS = { a: PORT_BASE + 16, b: PORT_BASE + 17, smtp: PORT_BASE + 18 };
const FROM = "Lincoln-Douglas (LD)";
const INTO = "Original Oratory";
/** Uncapped: where the families who also drop try to switch at the same moment. */
const ELSEWHERE = "Informative Speaking";
const FAMILIES = 50;
const SWITCHERS = 20;
/** Of the families who drop, these also switch the same entry at the same moment. */
const TORN = 5;
const PLACES_LEFT = 10;
const ALREADY_IN = 5;

describe.skipIf(reason)("families change and drop entries on two instances", () => {
  let pair: InstancePair;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    pair = await startInstancePair("family", "citron_ops_family", PORTS);
    // This process writes the families' links as the servers do (linkToken keys them from SESSION_SECRET).
    setEnvForTests(parseEnv({ NODE_ENV: "test", SESSION_SECRET: pair.sessionSecret, DATA_DIR: "/tmp" }));
  }, 180_000);

  afterAll(async () => {
    setEnvForTests(undefined);
    await pair?.stop(figures);
  }, 60_000);

  it(`${FAMILIES} families at once: switches into a capped event exact, every drop refunded once at Stripe, no 500`, async () => {
    await (await fetch(`${pair.a.url}/fees`)).arrayBuffer();
    const [cache] = await pair.query<{ events: Array<{ id: string; title: string; date: string; type: string }> }>(
      "select events from events_sheet_cache limit 1",
    );
    // The hybrid tournament offers every event (decision 0051: a speech or debate tournament offers its type's only).
    const tournament = cache!.events.find((event) => event.type === "hybrid-tournament")!;
    const key = tournamentKey(tournament.title, tournament.date);
    const [product] = await pair.query<{ id: string; price: number }>(
      "select id, price from products where registration_kind = 'tournamentEntry' limit 1",
    );
    await pair.query(`insert into tournament_settings (key, title, date, caps) values ($1, $2, $3, $4::jsonb)`, [
      key,
      tournament.title,
      tournament.date,
      JSON.stringify({ [INTO]: ALREADY_IN + PLACES_LEFT }),
    ]);
    for (let n = 0; n < ALREADY_IN; n++) {
      await pair.query(
        `insert into orders (item_name, total_amount, customer_email, status, student_name, student_school,
                             tournament_name, tournament_date, event_type, tournament_key)
         values ('Entry', 2500, $1, 'completed', $2, 'Riverside', $3, $4, $5, $6)`,
        [`early${n}@example.com`, `Early ${n}`, tournament.title, tournament.date, INTO, key],
      );
    }

    // Fifty families register one entry each in an uncapped event and pay through Stripe.
    const families = Array.from({ length: FAMILIES }, (_, i) => new Visitor(`10.8.0.${i + 1}`));
    const bought = await inParallel(families, 10, async (family, i) => {
      const base = i % 2 ? pair.b.url : pair.a.url;
      const added = await family.request(base, "/fees", {
        form: {
          intent: "add",
          productId: product!.id,
          studentFirst: "Student",
          studentLast: `Family${i}`,
          studentSchool: "Riverside Yeshiva High School",
          scheduleEvent: tournament.id,
          competitionEvent: FROM,
        },
      });
      const checkout = await family.request(base, "/checkout", { form: { email: `family${i}@example.com` } });
      return [added.status, checkout.status];
    });
    expect(histogram(bought.flat())).toEqual({ 302: FAMILIES, 200: FAMILIES });
    const open = await pair.query<{ id: string; provider_session_id: string; email: string }>(
      "select id, provider_session_id, email from checkouts where status = 'open'",
    );
    expect(open).toHaveLength(FAMILIES);
    const paid = await inParallel(open, 10, async (checkout, i) => {
      const session = pair.stripe.sessions.get(checkout.provider_session_id)!;
      pair.stripe.money.pay(session);
      const event = pair.stripe.event("checkout.session.completed", session, WEBHOOK_SECRET);
      const response = await fetch(`${i % 2 ? pair.a.url : pair.b.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
        body: event.payload,
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect(histogram(paid)).toEqual({ 200: FAMILIES });

    // Each family's link, as its receipt carries it, and its entry.
    const links = await pair.query<{ id: string; email: string; order_id: string; payment_intent: string | null }>(
      `select l.id, k.email, o.id as order_id
         from entry_links l join checkouts k on k.id = l.checkout_id join orders o on o.checkout_id = k.id
        where o.tournament_key = $1 order by k.email`,
      [key],
    );
    expect(links).toHaveLength(FAMILIES);
    const byEmail = new Map(
      links.map((link) => [link.email, { ...link, path: `/entries/${linkToken("entries", link.id)}` }]),
    );

    const started = Date.now();
    type Post = { family: Visitor; base: string; path: string; form: Record<string, string>; kind: string };
    const posts = families.flatMap((family, i): Post[] => {
      const link = byEmail.get(`family${i}@example.com`)!;
      if (i < SWITCHERS) {
        return [
          {
            family,
            base: i % 2 ? pair.a.url : pair.b.url,
            path: link.path,
            form: { intent: "event", orderId: link.order_id, event: INTO },
            kind: "switch",
          },
        ];
      }
      // Confirm pressed twice at once: one on each instance.
      const form = { intent: "drop", orderId: link.order_id, confirm: "yes", refundCents: String(product!.price) };
      const torn: Post[] =
        i < SWITCHERS + TORN
          ? [
              {
                family,
                base: pair.a.url,
                path: link.path,
                form: { intent: "event", orderId: link.order_id, event: ELSEWHERE },
                kind: "torn",
              },
            ]
          : [];
      return [
        { family, base: pair.a.url, path: link.path, form, kind: "drop" },
        { family, base: pair.b.url, path: link.path, form, kind: "drop" },
        ...torn,
      ];
    });
    const answers = await Promise.all(
      posts.map(async (post) => {
        const response = await post.family.request(post.base, post.path, { form: post.form });
        return { kind: post.kind, status: response.status, text: await response.text() };
      }),
    );
    const switches = answers.filter((answer) => answer.kind === "switch");
    const drops = answers.filter((answer) => answer.kind === "drop");
    const torn = answers.filter((answer) => answer.kind === "torn");
    figures.familyChanges = {
      families: FAMILIES,
      ms: Date.now() - started,
      switches: histogram(switches.map((answer) => answer.status)),
      drops: histogram(drops.map((answer) => answer.status)),
      switchesBesideDrops: histogram(torn.map((answer) => answer.status)),
    };
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);

    // Switches: exactly the places left, the others told it is full.
    const [into] = await pair.query<{ n: number }>(
      `select count(*)::int as n from orders where tournament_key = $1 and event_type = $2
          and status in ('pending', 'completed') and dropped_at is null`,
      [key, INTO],
    );
    expect(into!.n).toBe(ALREADY_IN + PLACES_LEFT);
    expect(switches.filter((answer) => answer.status === 200)).toHaveLength(PLACES_LEFT);
    for (const refused of switches.filter((answer) => answer.status !== 200)) expect(refused.text).toMatch(/full/i);

    // Drops: each family's entry dropped once (one 200 and one 409 per family), refunded its fee once.
    const dropping = FAMILIES - SWITCHERS;
    expect(histogram(drops.map((answer) => answer.status))).toEqual({ 200: dropping, 409: dropping });
    const dropped = await pair.query<{ n: number; refunded: number }>(
      `select count(*)::int as n, coalesce(sum(refunded_amount), 0)::int as refunded
         from orders where tournament_key = $1 and dropped_at is not null`,
      [key],
    );
    expect(dropped[0]).toEqual({ n: dropping, refunded: dropping * product!.price });
    await waitFor("every drop refund answered by Stripe", async () => {
      const [left] = await pair.query<{ n: number }>(
        "select count(*)::int as n from refunds where status = 'requested'",
      );
      return left!.n === 0;
    });
    const rows = await pair.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from refunds group by status",
    );
    expect(rows).toEqual([{ status: "succeeded", n: dropping }]);
    // A switch beside a drop of the same entry came before it (200) or found it dropped (409); either way the entry
    // ends dropped and refunded once (above).
    expect(torn.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    // At Stripe: one refund per dropped payment, of the whole fee.
    const atStripe = [...pair.stripe.money.refunds.values()];
    expect(atStripe).toHaveLength(dropping);
    expect(new Set(atStripe.map((refund) => refund.payment_intent)).size).toBe(dropping);
    expect(atStripe.every((refund) => refund.amount === product!.price)).toBe(true);
    figures.familyChanges = { ...(figures.familyChanges as object), stripeRefunds: atStripe.length };
  }, 180_000);
});
