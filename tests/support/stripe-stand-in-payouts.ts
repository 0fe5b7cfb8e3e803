import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/**
 * The payouts slice of the Stripe stand-in (decision 0053, the finance page's reconciliation): GET /v1/payouts with
 * created[gte]/created[lt], GET /v1/balance_transactions with payout= or created[gte]/created[lt], both paginated
 * as Stripe does (limit, starting_after, has_more), `expand[]=data.source` and `data.source.payment_intent` on the
 * transactions. Objects carry the field names of the `stripe` package's types (Stripe.Payout,
 * Stripe.BalanceTransaction); a test adds payouts with the lines it wants, including lines a real Stripe would
 * not send (a payout whose lines do not add up), to show what the page does with them.
 */
type Reply = { status: number; body: unknown };

export type StandInPayout = Pick<
  Stripe.Payout,
  | "id"
  | "object"
  | "amount"
  | "arrival_date"
  | "automatic"
  | "balance_transaction"
  | "created"
  | "currency"
  | "description"
  | "livemode"
  | "metadata"
  | "method"
  | "reconciliation_status"
  | "source_type"
  | "statement_descriptor"
  | "status"
  | "type"
>;
export type StandInPayoutLine = Pick<
  Stripe.BalanceTransaction,
  | "id"
  | "object"
  | "amount"
  | "available_on"
  | "created"
  | "currency"
  | "description"
  | "fee"
  | "fee_details"
  | "net"
  | "reporting_category"
  | "source"
  | "status"
  | "type"
> & { payout: string | null };

/** A line a test asks for: what moved (a ch_, re_ or dp_ id), how much, and Stripe's fee on it. */
export type LineSpec = { source: string; amount: number; fee?: number; created?: number };

const CATEGORY: Record<string, [Stripe.BalanceTransaction.Type, string]> = {
  ch: ["charge", "charge"],
  re: ["refund", "refund"],
  dp: ["adjustment", "dispute"],
};

const invalid = (message: string, param?: string): Reply => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } },
});

export function standInPayouts(objects: { byId(id: string): Record<string, unknown> | undefined }) {
  const payouts: StandInPayout[] = [];
  const lines: StandInPayoutLine[] = [];
  const txn = () => `txn_${randomBytes(12).toString("hex")}`;

  function line(spec: LineSpec, payout: string | null, created: number): StandInPayoutLine {
    const [type, reporting_category] = CATEGORY[spec.source.slice(0, 2)] ?? ["charge", "charge"];
    const fee = spec.fee ?? 0;
    return {
      id: txn(),
      object: "balance_transaction",
      amount: spec.amount,
      available_on: created + 2 * 86_400,
      created: spec.created ?? created,
      currency: "usd",
      description: null,
      fee,
      fee_details: fee
        ? [
            {
              amount: fee,
              application: null,
              currency: "usd",
              description: "Stripe processing fees",
              type: "stripe_fee",
            },
          ]
        : [],
      net: spec.amount - fee,
      reporting_category,
      source: spec.source,
      status: "available",
      type,
      payout,
    };
  }

  /** Stripe's list: newest first, `limit` (1-100, default 10) at a time, `starting_after` an id of the list. */
  function page<T extends { id: string }>(
    rows: T[],
    params: URLSearchParams,
    url: string,
    expand = (row: T) => row as unknown,
  ): Reply {
    const limit = Number(params.get("limit") ?? "10");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return invalid("Invalid integer: limit must be between 1 and 100", "limit");
    let start = 0;
    const after = params.get("starting_after");
    if (after) {
      const at = rows.findIndex((row) => row.id === after);
      if (at < 0) return invalid(`No such object: '${after}'`, "starting_after");
      start = at + 1;
    }
    const data = rows.slice(start, start + limit);
    return {
      status: 200,
      body: { object: "list", data: data.map(expand), has_more: start + limit < rows.length, url },
    };
  }

  function inRange(created: number, params: URLSearchParams): boolean {
    const gte = params.get("created[gte]");
    const lt = params.get("created[lt]");
    return (gte === null || created >= Number(gte)) && (lt === null || created < Number(lt));
  }

  const known =
    /^(limit|starting_after|ending_before|created\[(gte|gt|lte|lt)\]|payout|type|currency|source|expand\[\d*\])$/;

  return {
    payouts,
    lines,
    /**
     * A paid payout of these lines, created at `created` (seconds). Its amount is the lines' net, unless `amount`
     * says otherwise (a payout whose listed lines miss one). Lines of the payout itself (type payout) are listed
     * with it, as Stripe does.
     */
    addPayout(created: number, specs: LineSpec[], options: { amount?: number } = {}): StandInPayout {
      const id = `po_${randomBytes(12).toString("hex")}`;
      const own = specs.map((spec) => line(spec, id, created - 3600));
      const amount = options.amount ?? own.reduce((sum, row) => sum + row.net, 0);
      const payoutLine = line({ source: id, amount: -amount }, id, created);
      payoutLine.type = "payout";
      payoutLine.reporting_category = "payout";
      const payout: StandInPayout = {
        id,
        object: "payout",
        amount,
        arrival_date: created + 2 * 86_400,
        automatic: true,
        balance_transaction: payoutLine.id,
        created,
        currency: "usd",
        description: "STRIPE PAYOUT",
        livemode: false,
        metadata: {},
        method: "standard",
        reconciliation_status: "completed",
        source_type: "card",
        statement_descriptor: null,
        status: "paid",
        type: "bank_account",
      };
      payouts.unshift(payout);
      lines.unshift(...own.toReversed(), payoutLine);
      return payout;
    },
    /** A line not (yet) in a payout: money still on its way to the bank. */
    addLine(spec: LineSpec & { created: number }): StandInPayoutLine {
      const row = line(spec, null, spec.created);
      lines.unshift(row);
      return row;
    },
    handle(method: string, url: URL): Reply | null {
      if (method !== "GET") return null;
      const params = url.searchParams;
      if (url.pathname === "/v1/payouts" || url.pathname === "/v1/balance_transactions") {
        for (const name of params.keys())
          if (!known.test(name)) return invalid(`Received unknown parameter: ${name}`, name);
      }
      if (url.pathname === "/v1/payouts") {
        return page(
          payouts.filter((payout) => inRange(payout.created, params)),
          params,
          "/v1/payouts",
        );
      }
      if (url.pathname === "/v1/balance_transactions") {
        const payout = params.get("payout");
        const expand = params.getAll("expand[]").concat(params.getAll("expand[0]"), params.getAll("expand[1]"));
        const rows = lines.filter((row) => (payout === null || row.payout === payout) && inRange(row.created, params));
        return page(rows, params, "/v1/balance_transactions", (row) => {
          const { payout: _payout, ...shown } = row;
          if (!expand.includes("data.source") || typeof row.source !== "string") return shown;
          const source = objects.byId(row.source);
          if (!source) return shown;
          const intent =
            expand.includes("data.source.payment_intent") && typeof source.payment_intent === "string"
              ? (objects.byId(source.payment_intent) ?? source.payment_intent)
              : source.payment_intent;
          return {
            ...shown,
            source: { ...source, ...(source.payment_intent !== undefined ? { payment_intent: intent } : {}) },
          };
        });
      }
      return null;
    },
  };
}

export type StandInPayouts = ReturnType<typeof standInPayouts>;
