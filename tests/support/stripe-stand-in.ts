import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { standInMoney, type StandInMoney } from "./stripe-stand-in-refunds";
import { standInPayouts, type StandInPayouts } from "./stripe-stand-in-payouts";
import { standInSubscriptions, type StandInSubscriptions } from "./stripe-stand-in-subscriptions";

/**
 * A local stand-in of the slice of Stripe's API the payments module uses
 * (create, retrieve and expire a Checkout Session), plus signed webhook events, so
 * the Stripe provider path runs without the network. Amounts are computed
 * from the line items the client sent, as Stripe does.
 *
 * It keeps Stripe's documented rules so our code cannot drift from them:
 * `expires_at` must be 30 minutes to 24 hours after the session's creation
 * on Stripe's own clock (this stand-in's clock, which tests may put ahead
 * with `clockSkewMs` or slow with `latencyMs`), answered like Stripe with a
 * 400 invalid_request_error naming the param; only an open session can be
 * expired; objects and events carry Stripe's field names (openapi
 * fixtures3.json: checkout.session, event).
 */
export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  created: number;
  livemode: false;
  payment_intent: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  customer_details: { email: string | null } | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  submit_type: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent_metadata: Record<string, string>;
  /** Subscription mode: set once the donor finishes the page (sub_..., cus_..., the first in_...). */
  subscription: string | null;
  customer: string | null;
  invoice: string | null;
  subscription_data_metadata: Record<string, string>;
};

export type StripeStandIn = {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Requests seen, as "METHOD path" with the Idempotency-Key when sent. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  /** PaymentIntents, Charges, refunds and disputes (stripe-stand-in-refunds.ts). */
  money: StandInMoney;
  /** Subscriptions, their invoices and billing portal sessions (stripe-stand-in-subscriptions.ts). */
  billing: StandInSubscriptions;
  /** Payouts and their balance transactions (stripe-stand-in-payouts.ts). */
  payouts: StandInPayouts;
  /** The next session create answers this HTTP status with an error. */
  failNextCreate(status?: number): void;
  /** Stripe's clock runs this far ahead of ours (clock skew); 0 by default. */
  clockSkewMs: number;
  /** Each request waits this long before Stripe reads its clock (network latency); 0 by default. */
  latencyMs: number;
  /** The buyer finishes the hosted page: complete, paid or (a delayed method) still unpaid. */
  complete(sessionId: string, paymentStatus?: "paid" | "unpaid"): StandInSession;
  /** The delayed payment settles: paid or not (the session stays complete either way). */
  settle(sessionId: string, paid: boolean): StandInSession;
  /** A Stripe event for the object (a session, invoice, subscription...), its JSON and a valid Stripe-Signature header. */
  event(
    type: string,
    object: object,
    secret: string,
    options?: { created?: number },
  ): { id: string; payload: string; signature: string };
  close(): Promise<void>;
};

function bracketed(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = key.startsWith(`${prefix}[`) ? /^[^[]+\[([^\]]+)\]$/.exec(key) : null;
    if (match) out[match[1]!] = value;
  }
  return out;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, StandInSession>();
  const requests: StripeStandIn["requests"] = [];
  let failStatus: number | null = null;
  const clock = { skewMs: 0, latencyMs: 0 };
  const stripeNow = () => Math.floor((Date.now() + clock.skewMs) / 1000);
  const invalid = (message: string, param?: string) => ({
    error: { type: "invalid_request_error", message, ...(param ? { param, code: "parameter_invalid_integer" } : {}) },
  });
  const money = standInMoney();
  const billing = standInSubscriptions(money.payInvoice);
  const payouts = standInPayouts({
    byId: (id) =>
      (money.charges.get(id) ?? money.refunds.get(id) ?? money.disputes.get(id) ?? money.paymentIntents.get(id)) as
        Record<string, unknown> | undefined,
  });

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => void setTimeout(handle, clock.latencyMs));
    const handle = () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, idempotencyKey: key });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(value));
      };
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failStatus) {
          const status = failStatus;
          failStatus = null;
          return send(status, { error: { type: "api_error", message: "The stand-in refused this session" } });
        }
        if (key && byKey.has(key)) return send(200, byKey.get(key));
        const params = new URLSearchParams(body);
        let amount = 0;
        for (let i = 0; params.has(`line_items[${i}][quantity]`); i++) {
          amount +=
            Number(params.get(`line_items[${i}][price_data][unit_amount]`)) *
            Number(params.get(`line_items[${i}][quantity]`));
        }
        const created = stripeNow();
        const expiresAt = params.has("expires_at") ? Number(params.get("expires_at")) : created + 24 * 3600;
        if (!Number.isInteger(expiresAt)) return send(400, invalid("Invalid integer: expires_at", "expires_at"));
        // Stripe: "The `expires_at` timestamp must be at least 30 minutes / less than 24 hours from Checkout Session creation."
        if (expiresAt < created + 30 * 60) {
          return send(
            400,
            invalid(
              "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
              "expires_at",
            ),
          );
        }
        if (expiresAt > created + 24 * 3600) {
          return send(
            400,
            invalid(
              "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
              "expires_at",
            ),
          );
        }
        const mode = params.get("mode") ?? "";
        if (!["payment", "subscription", "setup"].includes(mode))
          return send(400, invalid("Missing required param: mode.", "mode"));
        const names = [...params.keys()];
        if (mode === "subscription") {
          // Stripe's rules for subscription mode: recurring prices only; no PaymentIntent or submit type to set.
          for (let i = 0; params.has(`line_items[${i}][quantity]`); i++) {
            if (params.get(`line_items[${i}][price_data][recurring][interval]`) === null) {
              return send(
                400,
                invalid(
                  "You must specify `line_items[" + i + "][price_data][recurring]` in `subscription` mode.",
                  `line_items[${i}][price_data][recurring]`,
                ),
              );
            }
          }
          if (names.some((name) => name.startsWith("payment_intent_data"))) {
            return send(
              400,
              invalid("You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data"),
            );
          }
          if (params.has("submit_type"))
            return send(400, invalid("`submit_type` can only be used in `payment` mode.", "submit_type"));
        } else if (names.some((name) => name.includes("[recurring]"))) {
          return send(
            400,
            invalid(
              "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
              "line_items",
            ),
          );
        } else if (names.some((name) => name.startsWith("subscription_data"))) {
          return send(
            400,
            invalid("You can only pass `subscription_data` in `subscription` mode.", "subscription_data"),
          );
        }
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const methods = [...params].filter(([k]) => k.startsWith("allowed_payment_method_types[")).map(([, v]) => v);
        const session: StandInSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          created,
          livemode: false,
          payment_intent: null,
          payment_method_types: methods.length ? methods : ["card", "link", "us_bank_account"],
          allowed_payment_method_types: methods.length ? methods : null,
          customer_details: null,
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          currency: params.get("line_items[0][price_data][currency]") ?? "usd",
          client_reference_id: params.get("client_reference_id"),
          customer_email: params.get("customer_email"),
          metadata: bracketed(params, "metadata"),
          payment_intent_metadata: Object.fromEntries(
            [...params]
              .filter(([k]) => k.startsWith("payment_intent_data[metadata]"))
              .map(([k, v]) => [k.slice("payment_intent_data[metadata][".length, -1), v]),
          ),
          mode,
          subscription: null,
          customer: null,
          invoice: null,
          subscription_data_metadata: Object.fromEntries(
            [...params]
              .filter(([k]) => k.startsWith("subscription_data[metadata]"))
              .map(([k, v]) => [k.slice("subscription_data[metadata][".length, -1), v]),
          ),
          submit_type: params.get("submit_type"),
          success_url: params.get("success_url") ?? "",
          cancel_url: params.get("cancel_url") ?? "",
          expires_at: expiresAt,
        };
        sessions.set(id, session);
        if (key) byKey.set(key, session);
        return send(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session)
          return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (session.status !== "open") {
          return send(400, invalid("Only Checkout Sessions with a status of open can be expired."));
        }
        session.status = "expired";
        session.url = null;
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session
          ? send(200, session)
          : send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      }
      const payoutReply = payouts.handle(req.method ?? "GET", url);
      if (payoutReply) return send(payoutReply.status, payoutReply.body);
      const billingReply = billing.handle(req.method ?? "GET", url, body, key, stripeNow());
      if (billingReply) return send(billingReply.status, billingReply.body);
      const moneyReply = money.handle(req.method ?? "GET", url, body, key);
      // Status 0: the request was made but its answer is lost (the connection drops).
      if (moneyReply?.status === 0) return void res.destroy();
      if (moneyReply) return send(moneyReply.status, moneyReply.body);
      send(404, invalid(`Unrecognized request URL (${req.method}: ${url.pathname})`));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    money,
    billing,
    payouts,
    failNextCreate(status = 500) {
      failStatus = status;
    },
    get clockSkewMs() {
      return clock.skewMs;
    },
    set clockSkewMs(value: number) {
      clock.skewMs = value;
    },
    get latencyMs() {
      return clock.latencyMs;
    },
    set latencyMs(value: number) {
      clock.latencyMs = value;
    },
    complete(sessionId, paymentStatus = "paid") {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`session ${sessionId} is not open`);
      session.status = "complete";
      session.payment_status = paymentStatus;
      session.url = null;
      session.customer_details = { email: session.customer_email };
      if (session.mode === "subscription") {
        // No PaymentIntent on the session in subscription mode: the first invoice carries the payment.
        const { subscription, invoice } = billing.start({
          amount: session.amount_total,
          currency: session.currency,
          metadata: session.subscription_data_metadata,
          now: stripeNow(),
        });
        session.subscription = subscription.id;
        session.customer = subscription.customer;
        session.invoice = invoice.id;
        return session;
      }
      session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
      return session;
    },
    settle(sessionId, paid) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "complete") throw new Error(`session ${sessionId} is not complete`);
      session.payment_status = paid ? "paid" : "unpaid";
      return session;
    },
    event(type, object, secret, options) {
      const id = `evt_${randomBytes(12).toString("hex")}`;
      const payload = JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: options?.created ?? stripeNow(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...object } },
      });
      return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
