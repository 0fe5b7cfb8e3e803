import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/**
 * The refunds and disputes slice of the Stripe stand-in (decision 0025): PaymentIntents and
 * Charges for a paid session, POST /v1/refunds with Stripe's rules, the refund list, and
 * dispute/refund/charge events. Shapes follow stripe/openapi's fixtures3.json.
 */
export type StandInPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "succeeded" | "requires_payment_method";
  latest_charge: string | null;
  metadata: Record<string, string>;
};
export type StandInCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  disputed: boolean;
  status: "succeeded";
  metadata: Record<string, string>;
};
export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  reason: string | null;
  status: "pending" | "succeeded" | "failed" | "canceled" | "requires_action";
};
/** A dispute's money movement (fixtures3's balance_transaction, the fields a dispute carries). */
export type StandInBalanceTransaction = {
  id: string;
  object: "balance_transaction";
  amount: number;
  currency: string;
  fee: number;
  net: number;
  reporting_category: "dispute" | "dispute_reversal";
  type: "adjustment";
};
export type StandInDispute = {
  id: string;
  object: "dispute";
  amount: number;
  balance_transactions: StandInBalanceTransaction[];
  charge: string;
  payment_intent: string;
  currency: string;
  created: number;
  is_charge_refundable: boolean;
  reason: string;
  status: string;
  metadata: Record<string, string>;
};

/** Stripe's dispute fee in the US, taken when a dispute opens. */
const DISPUTE_FEE = 1500;

/** Stripe's invoice_payment (API 2025-03-31 on): an invoice's payment, the PaymentIntent that paid it. */
export type StandInInvoicePayment = {
  id: string;
  object: "invoice_payment";
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: "payment_intent"; payment_intent: string };
  status: "paid" | "open" | "canceled";
  status_transitions: { canceled_at: number | null; paid_at: number | null };
};

type Reply = { status: number; body: unknown };
type PayableSession = {
  id: string;
  status: string;
  payment_status: string;
  amount_total: number;
  currency: string;
  payment_intent_metadata: Record<string, string>;
};

const missing = (kind: string, id: string): Reply => ({
  status: 404,
  body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` } },
});
const invalid = (message: string, extra: Record<string, string> = {}): Reply => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...extra } },
});
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function balanceTransaction(
  amount: number,
  fee: number,
  category: StandInBalanceTransaction["reporting_category"],
  currency: string,
): StandInBalanceTransaction {
  return {
    id: `txn_${randomBytes(12).toString("hex")}`,
    object: "balance_transaction",
    amount,
    currency,
    fee,
    net: amount - fee,
    reporting_category: category,
    type: "adjustment",
  };
}

export function standInMoney() {
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, StandInRefund>();
  const disputes = new Map<string, StandInDispute>();
  const invoicePayments = new Map<string, StandInInvoicePayment>();
  /** Idempotent replies by key, with when they were saved (Stripe prunes keys after 24 hours). */
  const replies = new Map<string, { reply: Reply; at: number }>();
  const clock = { skewSeconds: 0 };
  const now = () => Math.floor(Date.now() / 1000) + clock.skewSeconds;
  let loseNext = 0;

  function createRefund(params: URLSearchParams): Reply {
    let charge: StandInCharge | undefined;
    const intentId = params.get("payment_intent");
    const chargeId = params.get("charge");
    if (intentId) {
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing("payment_intent", intentId);
      charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (intent.status !== "succeeded" || !charge) {
        return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
      }
    } else if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) return missing("charge", chargeId);
    } else {
      return invalid("One of the following params should be provided for this request: payment_intent or charge.");
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0)
      return invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    const rawAmount = params.get("amount");
    const amount = rawAmount === null ? left : Number(rawAmount);
    if (!/^\d+$/.test(rawAmount ?? String(left)) || amount < 1)
      return invalid("Invalid positive integer", { param: "amount" });
    if (amount > left) {
      return invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        { param: "amount" },
      );
    }
    const reason = params.get("reason");
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      return invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", {
        param: "reason",
      });
    }
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const match = /^metadata\[([^\]]+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const refund = addRefund(charge, amount, metadata, reason);
    return { status: 200, body: refund };
  }

  function addRefund(
    charge: StandInCharge,
    amount: number,
    metadata: Record<string, string> = {},
    reason: string | null = null,
  ) {
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      created: now(),
      metadata,
      reason,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return refund;
  }

  function newPayment(amount: number, currency: string, metadata: Record<string, string>) {
    const intent: StandInPaymentIntent = {
      id: `pi_${randomBytes(12).toString("hex")}`,
      object: "payment_intent",
      amount,
      currency,
      status: "succeeded",
      latest_charge: null,
      metadata,
    };
    const charge: StandInCharge = {
      id: `ch_${randomBytes(12).toString("hex")}`,
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency,
      payment_intent: intent.id,
      refunded: false,
      disputed: false,
      status: "succeeded",
      // Stripe does not copy the PaymentIntent's metadata here: the site looks the intent up.
      metadata: {},
    };
    intent.latest_charge = charge.id;
    paymentIntents.set(intent.id, intent);
    charges.set(charge.id, charge);
    return { intent, charge };
  }

  function listInvoicePayments(params: URLSearchParams): Reply {
    // Stripe refuses a parameter it does not know (the list's own: invoice, payment, status and paging).
    for (const name of params.keys()) {
      if (
        !/^(invoice|status|limit|starting_after|ending_before|payment\[(type|payment_intent|payment_record)\]|expand\[\d*\])$/.test(
          name,
        )
      )
        return invalid(`Received unknown parameter: ${name}`, { param: name });
    }
    if (params.has("status") && !["canceled", "open", "paid"].includes(params.get("status")!))
      return invalid("Invalid status: must be one of canceled, open, or paid", { param: "status" });
    const invoice = params.get("invoice");
    const type = params.get("payment[type]");
    const intent = params.get("payment[payment_intent]");
    if (intent !== null && type === null)
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "parameter_missing",
            message: "Missing required param: payment[type].",
            param: "payment[type]",
          },
        },
      };
    if (type !== null && type !== "payment_intent" && type !== "payment_record")
      return invalid(`Invalid payment[type]: must be one of payment_intent or payment_record`, {
        param: "payment[type]",
      });
    const status = params.get("status");
    const data = [...invoicePayments.values()]
      .filter(
        (row) =>
          (!invoice || row.invoice === invoice) &&
          (!intent || row.payment.payment_intent === intent) &&
          (!status || row.status === status),
      )
      .toReversed();
    return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/invoice_payments" } };
  }

  return {
    paymentIntents,
    charges,
    refunds,
    disputes,
    invoicePayments,
    /**
     * A subscription invoice paid: as Stripe does, a PaymentIntent (no metadata of ours: Stripe does not copy the
     * subscription's) with its charge, and the invoice_payment that ties them to the invoice.
     */
    payInvoice(invoiceId: string, amount: number, currency: string, paidAt: number) {
      const { intent, charge } = newPayment(amount, currency, {});
      invoicePayments.set(`inpay_${invoiceId}`, {
        id: `inpay_${randomBytes(12).toString("hex")}`,
        object: "invoice_payment",
        amount_paid: amount,
        amount_requested: amount,
        created: paidAt,
        currency,
        invoice: invoiceId,
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: intent.id },
        status: "paid",
        status_transitions: { canceled_at: null, paid_at: paidAt },
      });
      return { intent, charge };
    },
    /**
     * The next `count` refund calls are made, but their answers are lost on the way (the connection drops).
     * Stripe's client retries a dropped call once with the same key: lose 2 to lose a whole call.
     */
    loseNextRefundAnswers(count = 1) {
      loseNext = count;
    },
    /** Moves this slice's clock (refund times, idempotency keys' 24-hour life) ahead by `seconds`. */
    advance(seconds: number) {
      clock.skewSeconds += seconds;
    },
    /** A paid session, as Stripe has it after the buyer paid: a succeeded PaymentIntent and Charge. */
    pay(session: PayableSession) {
      const { intent, charge } = newPayment(session.amount_total, session.currency, {
        ...session.payment_intent_metadata,
      });
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      return { intent, charge };
    },
    /** A refund made by staff in Stripe's own dashboard (no metadata of ours). */
    refundInDashboard(chargeId: string, amount: number) {
      return addRefund(charges.get(chargeId)!, amount);
    },
    dispute(chargeId: string, amount?: number): StandInDispute {
      const charge = charges.get(chargeId)!;
      charge.disputed = true;
      const disputed = amount ?? charge.amount;
      const dispute: StandInDispute = {
        id: `dp_${randomBytes(12).toString("hex")}`,
        object: "dispute",
        amount: disputed,
        // The amount and the fee leave the balance when the dispute opens.
        balance_transactions: [balanceTransaction(-disputed, DISPUTE_FEE, "dispute", charge.currency)],
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        created: now(),
        is_charge_refundable: false,
        reason: "fraudulent",
        status: "needs_response",
        metadata: {},
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    /**
     * The bank decides: won, the amount (and here the fee) comes back in a reversal; lost, nothing comes back.
     * Returns the dispute as charge.dispute.closed carries it.
     */
    closeDispute(disputeId: string, outcome: "won" | "lost"): StandInDispute {
      const dispute = disputes.get(disputeId)!;
      if (dispute.status === "won" || dispute.status === "lost") throw new Error(`dispute ${disputeId} is closed`);
      dispute.status = outcome;
      if (outcome === "won")
        dispute.balance_transactions.push(
          balanceTransaction(dispute.amount, -DISPUTE_FEE, "dispute_reversal", dispute.currency),
        );
      return dispute;
    },
    /** A signed event carrying any object (a charge, refund or dispute). */
    objectEvent(type: string, object: object, secret: string) {
      const id = `evt_${randomBytes(12).toString("hex")}`;
      const payload = JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: now(),
        data: { object: { ...object } },
      });
      return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    /**
     * The routes of this slice; null when the request is not one of them. A reply of status 0 means the
     * answer is lost: the caller drops the connection without one.
     */
    handle(method: string, url: URL, body: string, idempotencyKey: string | null): Reply | null {
      if (method === "POST" && url.pathname === "/v1/refunds") {
        // Stripe replays the first answer to a repeated Idempotency-Key for 24 hours, then forgets the key.
        const saved = idempotencyKey ? replies.get(idempotencyKey) : undefined;
        let reply: Reply;
        if (saved && now() - saved.at < 24 * 3600) reply = saved.reply;
        else {
          reply = createRefund(new URLSearchParams(body));
          if (idempotencyKey) replies.set(idempotencyKey, { reply, at: now() });
        }
        if (loseNext > 0) {
          // Lost on the way back; the client's own retry (same key) is lost too while loseNext lasts.
          loseNext -= 1;
          return { status: 0, body: null };
        }
        return reply;
      }
      if (method === "GET" && url.pathname === "/v1/invoice_payments") return listInvoicePayments(url.searchParams);
      if (method === "GET" && url.pathname === "/v1/refunds") {
        const charge = url.searchParams.get("charge");
        const intent = url.searchParams.get("payment_intent");
        const data = [...refunds.values()]
          .filter((refund) => (!charge || refund.charge === charge) && (!intent || refund.payment_intent === intent))
          .toReversed();
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
      }
      const one = /^\/v1\/(refunds|payment_intents|charges)\/([^/]+)$/.exec(url.pathname);
      if (method === "GET" && one) {
        const id = decodeURIComponent(one[2]!);
        const store = { refunds, payment_intents: paymentIntents, charges }[one[1] as "refunds"] as Map<
          string,
          unknown
        >;
        const found = store.get(id);
        return found ? { status: 200, body: found } : missing(one[1]!.replace(/s$/, ""), id);
      }
      return null;
    },
  };
}

export type StandInMoney = ReturnType<typeof standInMoney>;
