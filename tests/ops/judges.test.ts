import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  histogram,
  inParallel,
  PORT_BASE,
  skipReason,
  startInstancePair,
  Visitor,
  waitFor,
  type Instance,
  type InstancePair,
} from "./support";

/**
 * Decision 0045's judge form on two production instances and one PostgreSQL database: 300 judges are named at once,
 * half on each instance, from sixty families' addresses (five each, the contact form's limit). Every one is saved
 * and each confirmation is mailed exactly once, through the shared outbox. The figures are printed.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] ${reason}`);

const PORTS = { a: PORT_BASE + 13, b: PORT_BASE + 14, smtp: PORT_BASE + 15 };
const JUDGES = 300;

describe.skipIf(reason)("the judge form on two instances", () => {
  let pair: InstancePair;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    pair = await startInstancePair("judges", "citron_ops_judges", PORTS);
  }, 180_000);

  afterAll(() => pair?.stop(figures), 60_000);

  it(`${JUDGES} judges named at once across both instances: every one saved, each confirmation mailed once`, async () => {
    // The tournament as the form offers it.
    const page = await (await new Visitor("10.8.0.1").request(pair.a.url, "/judge")).text();
    const tournament = /value="(\d{4}-\d{2}-\d{2}\|hybrid-multi-event-tournament)"/.exec(page)?.[1];
    expect(tournament).toBeDefined();
    const judges = Array.from({ length: JUDGES }, (_, i) => ({
      visitor: new Visitor(`10.8.${1 + Math.floor(i / 5)}.${1 + (i % 5)}`),
      email: `judge${i}@example.org`,
    }));
    const started = Date.now();
    const statuses = await inParallel(judges, 30, async (judge, i) => {
      const response = await judge.visitor.request(i % 2 ? pair.b.url : pair.a.url, "/judge", {
        form: {
          tournament: tournament!,
          firstName: `Judge${i}`,
          lastName: "Ops",
          email: judge.email,
          schoolCode: "other",
          schoolName: `Ops School ${i % 60}`,
          categories: ["debate", "speech", "congress"][i % 3]!,
          website: "",
        },
      });
      await response.arrayBuffer();
      return response.status;
    });
    figures.named = { judges: JUDGES, ms: Date.now() - started, statuses: histogram(statuses) };
    expect(histogram(statuses)).toEqual({ 200: JUDGES });
    const [saved] = await pair.query<{ n: number; emails: number; pending: number }>(
      "select count(*)::int as n, count(distinct email)::int as emails, count(*) filter (where status = 'pending')::int as pending from judges",
    );
    expect(saved).toEqual({ n: JUDGES, emails: JUDGES, pending: JUDGES });

    await waitFor(
      "every confirmation to be sent",
      async () => {
        const [left] = await pair.query<{ n: number }>(
          "select count(*)::int as n from email_outbox where status <> 'sent'",
        );
        return left!.n === 0;
      },
      90_000,
      250,
    );
    const confirmations = pair.smtp.delivered.filter((mail) =>
      mail.subject.startsWith("Please confirm you will judge"),
    );
    const perAddress = new Map<string, number>();
    for (const mail of confirmations) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const sentBy = (instance: Instance) => instance.logs.filter((line) => line.msg === "email sent").length;
    figures.mailed = { confirmations: confirmations.length, sentBy: { a: sentBy(pair.a), b: sentBy(pair.b) } };
    expect(perAddress.size).toBe(JUDGES);
    expect([...perAddress.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(confirmations).toHaveLength(JUDGES);
  }, 180_000);
});
