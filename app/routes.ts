import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table mirrors the route list of docs/product.md#2-screens-and-routes.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("events", "routes/public/events.tsx"),
    route("mission", "routes/public/mission.tsx"),
    route("guide", "routes/public/guide.tsx"),
    route("schools", "routes/public/schools.tsx"),
    route("fees", "routes/public/fees.tsx"),
    route("payment-success", "routes/public/payment-success.tsx"),
    // Checkout (app/features/payments): the no-JavaScript summary page and the built-in sandbox's hosted page.
    route("checkout", "routes/public/checkout.tsx"),
    route("checkout/sandbox", "routes/public/checkout-sandbox.tsx"),
    route("about", "routes/public/about.tsx"),
    route("2025-nationals-team", "routes/public/nationals.tsx"),
    route("dress-code", "routes/public/dress-code.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("donate", "routes/public/donate.tsx"),
    // The year-end giving summary on request (app/features/donations/year-summary/request.server.ts).
    route("donate/summary", "routes/public/donate-summary.tsx"),
    // The public judge form and a judge's own page at the link in their email (app/features/judges, decision 0045).
    route("judge", "routes/public/judge.tsx"),
    route("judge/:token", "routes/public/judge-link.tsx"),
    // A family's entries at the private link in its confirmation, and "send my link again" (app/features/entry-changes, decision 0047).
    route("entries", "routes/public/entries.tsx"),
    route("entries/:token", "routes/public/entries-link.tsx"),
    // A coach's invitation at the single-use link in its email (app/features/coaches, decision 0054).
    route("coach/invitation/:token", "routes/public/coach-invitation.tsx"),
    // Sign-in (docs/product.md: /masterdebater shows the same screen as /auth).
    route("auth", "routes/public/auth.tsx", { id: "routes/public/auth" }),
    route("masterdebater", "routes/public/auth.tsx", { id: "routes/masterdebater" }),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // The admin area: every page guards itself (app/features/accounts/guards.server.ts).
  layout("routes/admin/layout.tsx", [
    route("orders", "routes/admin/orders.tsx"),
    route("admin/donations", "routes/admin/donations.tsx"),
    route("admin/donations/summaries", "routes/admin/donation-summaries.tsx"),
    route("contact-submissions", "routes/admin/contact-submissions.tsx"),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/campaigns", "routes/admin/campaigns.tsx"),
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/payments", "routes/admin/payments.tsx"),
    route("admin/finance", "routes/admin/finance.tsx"),
    // Tournament settings and rosters (app/features/tournaments, decision 0040).
    route("admin/tournaments", "routes/admin/tournaments.tsx"),
    route("admin/tournaments/:key", "routes/admin/tournament.tsx"),
    // A tournament's judge pool (app/features/judges, decision 0045).
    route("admin/tournaments/:key/judges", "routes/admin/tournament-judges.tsx"),
    route("admin/profile", "routes/admin/profile.tsx"),
    // Site content (app/features/site-editor, decision 0039): sections, drafts, history, import.
    route("admin/site", "routes/admin/site.tsx"),
    route("admin/site/:section", "routes/admin/site-section.tsx"),
  ]),
  route("auth/sign-out", "routes/public/sign-out.tsx"),

  // A member school's coach (app/features/coaches, decision 0054): every page guards itself with requireCoachSchools.
  layout("routes/coach/layout.tsx", [
    route("coach", "routes/coach/season.tsx"),
    route("coach/tournaments/:key", "routes/coach/tournament.tsx"),
    route("coach/account", "routes/coach/account.tsx"),
  ]),
  route("coach/tournaments/:key/entries.csv", "routes/coach/tournament-csv.ts"),

  // A donation's printable receipt at the unguessable link in its email (app/features/donations): no layout, no sign-in.
  route("donate/receipt/:token", "routes/public/donation-receipt.tsx"),
  // A monthly gift's manage page at the unguessable link in its emails (app/features/donations, decision 0033).
  route("donate/monthly/:token", "routes/public/donation-monthly.tsx"),

  // Dashboard CSV downloads (app/features/orders, donations): guarded like their pages.
  route("orders/export.csv", "routes/admin/orders-export.ts"),
  route("orders/entries.csv", "routes/admin/orders-entries-export.ts"),
  route("admin/donations/export.csv", "routes/admin/donations-export.ts"),
  route("admin/donations/monthly.csv", "routes/admin/monthly-gifts-export.ts"),
  route("admin/finance/export/:table", "routes/admin/finance-export.ts"),
  // Every section's live content as one YAML file (app/features/site-editor).
  route("admin/site/export.yaml", "routes/admin/site-export.ts"),
  // A tournament's files for Tabroom's entries importer (decision 0046): one event's, or all in a zip.
  route("admin/tournaments/:key/tabroom.csv", "routes/admin/tournament-tabroom-csv.ts"),
  route("admin/tournaments/:key/tabroom.zip", "routes/admin/tournament-tabroom-zip.ts"),
  route("admin/tournaments/:key/judges.csv", "routes/admin/tournament-judges-csv.ts"),

  // The catalogue's live feed and image files (app/features/products).
  route("products/feed", "routes/resources/products-feed.ts"),
  route("product-images/:file", "routes/resources/product-images.ts"),
  // A campaign's live progress (app/features/campaigns).
  route("campaigns/feed", "routes/resources/campaigns-feed.ts"),

  // The events feed and the widget's Refresh (app/features/events).
  route("events.ics", "routes/resources/events-ics.ts"),
  route("events/refresh", "routes/resources/events-refresh.ts"),

  // Stripe's webhook: raw body, signature verified (app/features/payments/webhook.server.ts).
  route("webhooks/stripe", "routes/resources/webhooks-stripe.ts"),

  // Search engines (app/features/seo).
  route("sitemap.xml", "routes/resources/sitemap-xml.ts"),
  route("robots.txt", "routes/resources/robots-txt.ts"),

  // Stale links on the mission page (docs/product.md#beyond-the-original): permanent redirects.
  route("team", "routes/resources/redirect-team.tsx"),
  route("nationals-team-2025", "routes/resources/redirect-nationals.tsx"),
] satisfies RouteConfig;
