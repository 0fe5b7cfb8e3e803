import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table mirrors the route list of docs/product.md#2-screens-and-routes.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("events", "routes/events.tsx"),
    route("mission", "routes/mission.tsx"),
    route("guide", "routes/guide.tsx"),
    route("schools", "routes/schools.tsx"),
    route("fees", "routes/fees.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    // Checkout (app/features/payments): the no-JavaScript summary page and the built-in sandbox's hosted page.
    route("checkout", "routes/checkout.tsx"),
    route("checkout/sandbox", "routes/checkout-sandbox.tsx"),
    route("about", "routes/about.tsx"),
    route("2025-nationals-team", "routes/nationals.tsx"),
    route("dress-code", "routes/dress-code.tsx"),
    route("contact", "routes/contact.tsx"),
    route("donate", "routes/donate.tsx"),
    // The year-end giving summary on request (app/features/donations/year-summary-request.server.ts).
    route("donate/summary", "routes/donate-summary.tsx"),
    // Sign-in (docs/product.md: /masterdebater shows the same screen as /auth).
    route("auth", "routes/auth.tsx", { id: "routes/auth" }),
    route("masterdebater", "routes/auth.tsx", { id: "routes/masterdebater" }),
    route("*", "routes/not-found.tsx"),
  ]),

  // The admin area: every page guards itself (app/features/accounts/guards.server.ts).
  layout("routes/admin-layout.tsx", [
    route("orders", "routes/orders.tsx"),
    route("admin/donations", "routes/admin-donations.tsx"),
    route("admin/donations/summaries", "routes/admin-donation-summaries.tsx"),
    route("contact-submissions", "routes/contact-submissions.tsx"),
    route("admin/products", "routes/admin-products.tsx"),
    route("admin/campaigns", "routes/admin-campaigns.tsx"),
    route("admin/users", "routes/admin-users.tsx"),
    route("admin/mail", "routes/admin-mail.tsx"),
    route("admin/payments", "routes/admin-payments.tsx"),
    route("admin/profile", "routes/admin-profile.tsx"),
  ]),
  route("auth/sign-out", "routes/sign-out.tsx"),

  // A donation's printable receipt at the unguessable link in its email (app/features/donations): no layout, no sign-in.
  route("donate/receipt/:token", "routes/donation-receipt.tsx"),
  // A monthly gift's manage page at the unguessable link in its emails (app/features/donations, decision 0033).
  route("donate/monthly/:token", "routes/donation-monthly.tsx"),

  // Dashboard CSV downloads (app/features/orders, donations): guarded like their pages.
  route("orders/export.csv", "routes/orders-export.ts"),
  route("orders/entries.csv", "routes/orders-entries-export.ts"),
  route("admin/donations/export.csv", "routes/admin-donations-export.ts"),
  route("admin/donations/monthly.csv", "routes/admin-monthly-gifts-export.ts"),

  // The catalogue's live feed and image files (app/features/products).
  route("products/feed", "routes/products-feed.ts"),
  route("product-images/:file", "routes/product-images.ts"),
  // A campaign's live progress (app/features/campaigns).
  route("campaigns/feed", "routes/campaigns-feed.ts"),

  // The events feed and the widget's Refresh (app/features/events).
  route("events.ics", "routes/events-ics.ts"),
  route("events/refresh", "routes/events-refresh.ts"),

  // Stripe's webhook: raw body, signature verified (app/features/payments/webhook.server.ts).
  route("webhooks/stripe", "routes/webhooks-stripe.ts"),

  // Search engines (app/features/seo).
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // Stale links on the mission page (docs/product.md#beyond-the-original): permanent redirects.
  route("team", "routes/redirect-team.tsx"),
  route("nationals-team-2025", "routes/redirect-nationals.tsx"),
] satisfies RouteConfig;
