import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tournamentKey } from "~/db/tournament-key";
import { histogram, inParallel, PORT_BASE, skipReason, startInstancePair, Visitor, type InstancePair } from "./support";

/**
 * Decision 0040's cap policy on two production instances and one PostgreSQL database: 200 parents buy the last 40
 * places of one event at once, half on each instance. Exactly 40 hold a place, the other 160 are told it is full,
 * nothing answers 500. The figures are printed.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] ${reason}`);

const PORTS = { a: PORT_BASE + 10, b: PORT_BASE + 11, smtp: PORT_BASE + 12 };
const EVENT = "Lincoln-Douglas (LD)";
const BUYERS = 200;
const ALREADY_IN = 10;
const CAP = ALREADY_IN + 40;

describe.skipIf(reason)("tournament entry caps on two instances", () => {
  let pair: InstancePair;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    pair = await startInstancePair("caps", "citron_ops_caps", PORTS);
  }, 180_000);

  afterAll(() => pair?.stop(figures), 60_000);

  it(`${BUYERS} buyers across both instances for the last 40 places of one event: exactly 40 hold one, the rest are told it is full, no 500`, async () => {
    // The schedule as the instances read it, and the tournament entry product.
    await (await fetch(`${pair.a.url}/fees`)).arrayBuffer();
    const [cache] = await pair.query<{ events: Array<{ id: string; title: string; date: string; type: string }> }>(
      "select events from events_sheet_cache limit 1",
    );
    // The hybrid tournament offers every event (decision 0051: a speech or debate tournament offers its type's only).
    const tournament = cache!.events.find((event) => event.type === "hybrid-tournament")!;
    const key = tournamentKey(tournament.title, tournament.date);
    const [product] = await pair.query<{ id: string }>(
      "select id from products where registration_kind = 'tournamentEntry' limit 1",
    );
    await pair.query(`insert into tournament_settings (key, title, date, caps) values ($1, $2, $3, $4::jsonb)`, [
      key,
      tournament.title,
      tournament.date,
      JSON.stringify({ [EVENT]: CAP }),
    ]);
    // Ten places already paid for.
    for (let n = 0; n < ALREADY_IN; n++) {
      await pair.query(
        `insert into orders (item_name, total_amount, customer_email, status, student_name, student_school,
                             tournament_name, tournament_date, event_type, tournament_key)
         values ('Entry', 2500, $1, 'completed', $2, 'Riverside', $3, $4, $5, $6)`,
        [`early${n}@example.com`, `Early ${n}`, tournament.title, tournament.date, EVENT, key],
      );
    }

    const buyers = Array.from(
      { length: BUYERS },
      (_, i) => new Visitor(`10.7.${Math.floor(i / 200)}.${(i % 200) + 1}`),
    );
    const adds = await inParallel(buyers, 10, async (buyer, i) => {
      const response = await buyer.request(i % 2 ? pair.b.url : pair.a.url, "/fees", {
        form: {
          intent: "add",
          productId: product!.id,
          studentFirst: "Student",
          studentLast: `No${i}`,
          studentSchool: "Riverside Yeshiva High School",
          scheduleEvent: tournament.id,
          competitionEvent: EVENT,
        },
      });
      return response.status;
    });
    expect(histogram(adds)).toEqual({ 302: BUYERS });

    const started = Date.now();
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const response = await buyer.request(i % 2 ? pair.a.url : pair.b.url, "/checkout", {
          form: { email: `parent${i}@example.com` },
        });
        return { status: response.status, text: await response.text() };
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    figures.tournamentCaps = {
      held: statuses.filter((status) => status === 200).length,
      buyers: BUYERS,
      placesLeft: CAP - ALREADY_IN,
      ms: Date.now() - started,
      statuses: histogram(statuses),
    };
    expect(histogram(statuses)).toEqual({ 200: 40, 409: BUYERS - 40 });
    for (const answer of answers.filter((x) => x.status === 409)) {
      expect(answer.text).toContain(`${EVENT} at ${tournament.title} is full`);
    }
    const [taken] = await pair.query<{ pending: number; completed: number }>(
      `select count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where status = 'completed')::int as completed
         from orders where tournament_key = $1 and event_type = $2`,
      [key, EVENT],
    );
    expect(taken).toEqual({ pending: 40, completed: ALREADY_IN });

    // The full event on /fees, on either instance, for a newcomer: refused with the same words (no-JavaScript post).
    const late = new Visitor("10.7.9.9");
    const refused = await late.request(pair.b.url, "/fees", {
      form: {
        intent: "add",
        productId: product!.id,
        studentFirst: "Late",
        studentLast: "Comer",
        studentSchool: "Riverside Yeshiva High School",
        scheduleEvent: tournament.id,
        competitionEvent: EVENT,
      },
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`${EVENT} at ${tournament.title} is full.`);
  }, 120_000);
});
