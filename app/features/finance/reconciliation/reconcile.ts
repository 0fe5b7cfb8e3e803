/**
 * Reconciliation with Stripe (decision 0053), the pure part: each line of a payout (a Stripe
 * balance transaction) matched to a payment, refund or dispute of the site; per payout, the site's total against
 * Stripe's, to the cent, and the lines that make any difference.
 */
export type StripeLine = {
  id: string;
  type: string;
  category: string;
  /** What moved: a charge (ch_), refund (re_), dispute (dp_ / du_) id. */
  source: string | null;
  amount: number;
  fee: number;
  net: number;
  created: number;
  /** For a charge: its PaymentIntent and the checkout id our PaymentIntent carries in its metadata. */
  paymentIntent: string | null;
  checkoutId: string | null;
};
export type StripePayout = {
  id: string;
  amount: number;
  created: number;
  arrivalDate: number;
  status: string;
  lines: StripeLine[];
};

/** What the site knows, looked up by the ids Stripe's lines name. */
export type SiteIndex = {
  /** Checkouts by id: the amount charged and what it was. */
  checkouts: ReadonlyMap<string, { amount: number; kind: "shop" | "donation"; email: string }>;
  /** A monthly gift's month by its charge or PaymentIntent: its checkout. */
  checkoutByPayment: ReadonlyMap<string, string>;
  refunds: ReadonlyMap<string, { id: string; amount: number; checkoutId: string }>;
  disputes: ReadonlyMap<string, { amount: number; status: string; checkoutId: string }>;
};

export type MatchKind = "order" | "gift" | "refund" | "dispute";
export type MatchedLine = StripeLine & {
  match: { kind: MatchKind; id: string; siteAmount: number } | null;
};
export type PayoutCheck = {
  payout: StripePayout;
  lines: MatchedLine[];
  /** Stripe's: the payout's amount. */
  stripeTotal: number;
  /** Stripe's lines added up (net); differs from the payout's amount when a line is missing from the list. */
  linesTotal: number;
  /** The site's: for each matched line, what the site recorded, less Stripe's fee on it. */
  siteTotal: number;
  difference: number;
  /** The lines that make the difference: no match, or a site amount that is not Stripe's. */
  differing: MatchedLine[];
};

function matchLine(line: StripeLine, site: SiteIndex): MatchedLine["match"] {
  const source = line.source ?? "";
  if (line.type === "charge" || line.type === "payment") {
    const checkoutId =
      site.checkoutByPayment.get(source) ??
      (line.paymentIntent ? site.checkoutByPayment.get(line.paymentIntent) : undefined) ??
      line.checkoutId;
    const checkout = checkoutId ? site.checkouts.get(checkoutId) : undefined;
    if (!checkoutId || !checkout) return null;
    return { kind: checkout.kind === "donation" ? "gift" : "order", id: checkoutId, siteAmount: checkout.amount };
  }
  if (line.type === "refund" || line.type === "payment_refund") {
    const refund = site.refunds.get(source);
    return refund ? { kind: "refund", id: refund.id, siteAmount: -refund.amount } : null;
  }
  if (line.category === "dispute" || line.category === "dispute_reversal") {
    const dispute = site.disputes.get(source);
    if (!dispute) return null;
    return { kind: "dispute", id: source, siteAmount: line.amount < 0 ? -dispute.amount : dispute.amount };
  }
  return null;
}

/** Every payout checked; the payout's own line (type payout) is the transfer itself and is left out. */
export function reconcile(payouts: readonly StripePayout[], site: SiteIndex): PayoutCheck[] {
  return payouts.map((payout) => {
    const lines = payout.lines
      .filter((line) => line.type !== "payout")
      .map((line): MatchedLine => ({ ...line, match: matchLine(line, site) }));
    const linesTotal = lines.reduce((sum, line) => sum + line.net, 0);
    const siteTotal = lines.reduce((sum, line) => sum + (line.match ? line.match.siteAmount - line.fee : 0), 0);
    return {
      payout,
      lines,
      stripeTotal: payout.amount,
      linesTotal,
      siteTotal,
      difference: payout.amount - siteTotal,
      differing: lines.filter((line) => !line.match || line.match.siteAmount !== line.amount),
    };
  });
}

/** Site payments and refunds of the period that no payout line of the period covers. */
export function withoutLine<T extends { id: string }>(
  items: readonly T[],
  checks: readonly PayoutCheck[],
  kind: MatchKind[],
): T[] {
  const seen = new Set(
    checks.flatMap((check) =>
      check.lines.flatMap((line) => (line.match && kind.includes(line.match.kind) ? [line.match.id] : [])),
    ),
  );
  return items.filter((item) => !seen.has(item.id));
}
