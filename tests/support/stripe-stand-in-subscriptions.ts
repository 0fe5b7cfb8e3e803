import { randomBytes } from "node:crypto";

/**
 * The subscriptions slice of the Stripe stand-in (decision 0033): a Checkout Session in subscription mode
 * becomes a Customer, a Subscription and its first Invoice once completed; renewals make further invoices;
 * the subscription can be read, updated (new inline price, pause, resume) and canceled, and a billing portal
 * session opened, each with Stripe's documented rules. Shapes follow stripe/openapi's fixtures3.json
 * (subscription, invoice with parent.subscription_details, subscription_item with its own period).
 */
export type StandInSubscription = {
  id: string;
  object: "subscription";
  status: "active" | "past_due" | "canceled";
  customer: string;
  metadata: Record<string, string>;
  pause_collection: { behavior: string; resumes_at: null } | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  start_date: number;
  currency: string;
  latest_invoice: string | null;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: "price";
        product: string;
        unit_amount: number;
        currency: string;
        recurring: { interval: string; interval_count: number };
        type: "recurring";
      };
    }>;
  };
};

export type StandInInvoice = {
  id: string;
  object: "invoice";
  billing_reason: "subscription_create" | "subscription_cycle";
  status: "paid" | "open";
  customer: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  attempted: boolean;
  created: number;
  status_transitions: { paid_at: number | null };
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: "list";
    data: Array<{
      id: string;
      object: "line_item";
      amount: number;
      currency: string;
      period: { start: number; end: number };
    }>;
  };
};

type Reply = { status: number; body: unknown };
const MONTH = 30 * 86_400;

export type StandInSubscriptions = {
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  portalSessions: Array<{ customer: string; return_url: string }>;
  /** The session's subscription and first paid invoice, when the donor finishes the page. */
  start(input: { amount: number; currency: string; metadata: Record<string, string>; now: number }): {
    subscription: StandInSubscription;
    invoice: StandInInvoice;
  };
  /** Next month's invoice: paid, or declined (attempt_count counts the tries). */
  renew(subscriptionId: string, paid: boolean, now: number): StandInInvoice;
  handle(method: string, url: URL, body: string, key: string | null, now: number): Reply | null;
};

const invalid = (message: string, param?: string): Reply => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } },
});
const missing = (param: string): Reply => ({
  status: 400,
  body: {
    error: {
      type: "invalid_request_error",
      code: "parameter_missing",
      message: `Missing required param: ${param}.`,
      param,
    },
  },
});

/** How a paid invoice's money is made (the money slice: a PaymentIntent, its charge and the invoice_payment). */
type PayInvoice = (invoiceId: string, amount: number, currency: string, paidAt: number) => unknown;

export function standInSubscriptions(payInvoice: PayInvoice = () => undefined): StandInSubscriptions {
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StandInInvoice>();
  const customers = new Set<string>();
  const portalSessions: StandInSubscriptions["portalSessions"] = [];
  const byKey = new Map<string, Reply>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  function invoiceFor(
    subscription: StandInSubscription,
    reason: StandInInvoice["billing_reason"],
    paid: boolean,
    now: number,
  ): StandInInvoice {
    const item = subscription.items.data[0]!;
    const amount = item.price.unit_amount * item.quantity;
    const invoice: StandInInvoice = {
      id: id("in"),
      object: "invoice",
      billing_reason: reason,
      status: paid ? "paid" : "open",
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      attempt_count: 1,
      attempted: true,
      created: now,
      status_transitions: { paid_at: paid ? now : null },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: "list",
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount,
            currency: subscription.currency,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    if (paid) payInvoice(invoice.id, amount, subscription.currency, now);
    return invoice;
  }

  return {
    subscriptions,
    invoices,
    portalSessions,
    start({ amount, currency, metadata, now }) {
      const customer = id("cus");
      customers.add(customer);
      const subscription: StandInSubscription = {
        id: id("sub"),
        object: "subscription",
        status: "active",
        customer,
        metadata,
        pause_collection: null,
        cancel_at_period_end: false,
        canceled_at: null,
        start_date: now,
        currency,
        latest_invoice: null,
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              quantity: 1,
              current_period_start: now,
              current_period_end: now + MONTH,
              price: {
                id: id("price"),
                object: "price",
                product: id("prod"),
                unit_amount: amount,
                currency,
                recurring: { interval: "month", interval_count: 1 },
                type: "recurring",
              },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      return { subscription, invoice: invoiceFor(subscription, "subscription_create", true, now) };
    },
    renew(subscriptionId, paid, now) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || subscription.status === "canceled")
        throw new Error(`subscription ${subscriptionId} is not live`);
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH;
      const invoice = invoiceFor(subscription, "subscription_cycle", paid, now);
      subscription.status = paid ? "active" : "past_due";
      return invoice;
    },
    handle(method, url, body, key, _now) {
      if (key && byKey.has(key)) return byKey.get(key)!;
      const remember = (reply: Reply) => {
        if (key && reply.status < 500) byKey.set(key, reply);
        return reply;
      };
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
      if (method === "GET" && invoiceMatch) {
        const invoice = invoices.get(decodeURIComponent(invoiceMatch[1]!));
        return invoice
          ? { status: 200, body: invoice }
          : {
              status: 404,
              body: {
                error: {
                  type: "invalid_request_error",
                  code: "resource_missing",
                  message: `No such invoice: '${invoiceMatch[1]}'`,
                },
              },
            };
      }
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (match) {
        const subscription = subscriptions.get(decodeURIComponent(match[1]!));
        if (!subscription)
          return {
            status: 404,
            body: {
              error: {
                type: "invalid_request_error",
                message: `No such subscription: '${match[1]}'`,
                code: "resource_missing",
              },
            },
          };
        if (method === "GET") return { status: 200, body: subscription };
        if (method === "DELETE") {
          if (subscription.status === "canceled") return invalid("This subscription is already canceled.");
          subscription.status = "canceled";
          subscription.canceled_at = Math.floor(Date.now() / 1000);
          return remember({ status: 200, body: subscription });
        }
        if (method === "POST") {
          if (subscription.status === "canceled")
            return invalid("A canceled subscription can only update its cancellation_details and metadata.");
          const params = new URLSearchParams(body);
          for (const name of params.keys()) {
            // Subscription mode has no payment_intent_data or submit_type here either; only what we send is known.
            if (
              !/^(items\[0\]\[(id|price_data\]\[(currency|product|unit_amount|recurring\]\[interval))\]|proration_behavior|pause_collection(\[behavior\])?|metadata\[[^\]]+\])$/.test(
                name,
              )
            ) {
              return invalid(`Received unknown parameter: ${name}`, name);
            }
          }
          if (params.has("items[0][id]")) {
            const item = subscription.items.data.find((candidate) => candidate.id === params.get("items[0][id]"));
            if (!item) return invalid(`No such subscription item: '${params.get("items[0][id]")}'`, "items[0][id]");
            // Inline prices on a subscription item name an existing product (product_data is for Checkout only).
            if (!params.get("items[0][price_data][product]")) return missing("items[0][price_data][product]");
            if (!params.get("items[0][price_data][currency]")) return missing("items[0][price_data][currency]");
            if (params.get("items[0][price_data][recurring][interval]") !== "month")
              return missing("items[0][price_data][recurring][interval]");
            const unitAmount = Number(params.get("items[0][price_data][unit_amount]"));
            if (!Number.isInteger(unitAmount) || unitAmount < 0)
              return invalid("Invalid integer: items[0][price_data][unit_amount]", "items[0][price_data][unit_amount]");
            const proration = params.get("proration_behavior");
            if (proration && !["none", "create_prorations", "always_invoice"].includes(proration))
              return invalid(`Invalid proration_behavior: ${proration}`, "proration_behavior");
            item.price = {
              ...item.price,
              id: id("price"),
              product: params.get("items[0][price_data][product]")!,
              unit_amount: unitAmount,
            };
          }
          if (params.has("pause_collection")) {
            if (params.get("pause_collection") !== "") return invalid("Invalid pause_collection", "pause_collection");
            subscription.pause_collection = null;
          }
          if (params.has("pause_collection[behavior]")) {
            const behavior = params.get("pause_collection[behavior]")!;
            if (!["keep_as_draft", "mark_uncollectible", "void"].includes(behavior))
              return invalid(`Invalid pause_collection[behavior]: ${behavior}`, "pause_collection[behavior]");
            subscription.pause_collection = { behavior, resumes_at: null };
          }
          return remember({ status: 200, body: subscription });
        }
      }
      if (method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        const params = new URLSearchParams(body);
        const customer = params.get("customer");
        if (!customer) return missing("customer");
        if (!customers.has(customer)) return invalid(`No such customer: '${customer}'`, "customer");
        const returnUrl = params.get("return_url") ?? "";
        portalSessions.push({ customer, return_url: returnUrl });
        return remember({
          status: 200,
          body: {
            id: id("bps"),
            object: "billing_portal.session",
            customer,
            return_url: returnUrl,
            url: `https://billing.stripe.test/p/session/${id("test")}`,
          },
        });
      }
      return null;
    },
  };
}
