import { getDb } from "~/db/context";
import { handleStripeWebhook } from "~/features/payments/webhook.server";
import type { Route } from "./+types/webhooks-stripe";

/**
 * Stripe's webhook. The signature covers the exact bytes sent, so the body
 * is read here as raw text (nothing parses it before: server/body-limit.ts
 * only caps it at 1 MB, and the cross-site check exempts /webhooks/).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  let body: string;
  try {
    body = await request.text();
  } catch {
    return new Response("Unreadable body", { status: 400 });
  }
  // Monthly gifts take their share of each event through payments' registry (registerDonationHooks, at start).
  const answer = await handleStripeWebhook(getDb(context), body, request.headers.get("Stripe-Signature"));
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
