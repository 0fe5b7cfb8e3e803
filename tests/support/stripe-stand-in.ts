import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { standInMoney, type StandInMoney } from "./stripe-stand-in-refunds";

/**
 * A local stand-in of the slice of Stripe's API the payments module uses
 * (create, retrieve and expire a Checkout Session), plus signed webhook events, so
 * the Stripe provider path runs without the network. Amounts are computed
 * from the line items the client sent, as Stripe does.
 */
export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string;
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
};

export type StripeStandIn = {
  url: string;
  sessions: Map<string, StandInSession>;
  /** Requests seen, as "METHOD path" with the Idempotency-Key when sent. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  /** PaymentIntents, Charges, refunds and disputes (stripe-stand-in-refunds.ts). */
  money: StandInMoney;
  /** The next session create answers this HTTP status with an error. */
  failNextCreate(status?: number): void;
  /** A Stripe event for the session, its JSON and a valid Stripe-Signature header. */
  event(type: string, session: StandInSession, secret: string): { id: string; payload: string; signature: string };
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
  const money = standInMoney();

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, idempotencyKey: key });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
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
            Number(params.get(`line_items[${i}][price_data][unit_amount]`)) * Number(params.get(`line_items[${i}][quantity]`));
        }
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const session: StandInSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          currency: params.get("line_items[0][price_data][currency]") ?? "usd",
          client_reference_id: params.get("client_reference_id"),
          customer_email: params.get("customer_email"),
          metadata: bracketed(params, "metadata"),
          payment_intent_metadata: Object.fromEntries(
            [...params].filter(([k]) => k.startsWith("payment_intent_data[metadata]")).map(([k, v]) => [k.slice("payment_intent_data[metadata][".length, -1), v]),
          ),
          mode: params.get("mode") ?? "",
          submit_type: params.get("submit_type"),
          success_url: params.get("success_url") ?? "",
          cancel_url: params.get("cancel_url") ?? "",
          expires_at: Number(params.get("expires_at")),
        };
        sessions.set(id, session);
        if (key) byKey.set(key, session);
        return send(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session) return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (session.status !== "open") {
          return send(400, { error: { type: "invalid_request_error", message: "Only Checkout Sessions with a status of open can be expired." } });
        }
        session.status = "expired";
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session ? send(200, session) : send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      }
      const moneyReply = money.handle(req.method ?? "GET", url, body, key);
      if (moneyReply) return send(moneyReply.status, moneyReply.body);
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    money,
    failNextCreate(status = 500) {
      failStatus = status;
    },
    event(type, session, secret) {
      const id = `evt_${randomBytes(12).toString("hex")}`;
      const payload = JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...session } },
      });
      return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
